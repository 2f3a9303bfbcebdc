import { Button } from '../../../components/ui/Button.tsx'
import { ImageInput } from '../../../components/ui/ImageInput.tsx'
import { TextArea } from '../../../components/ui/TextArea.tsx'
import type { DragHandleProps } from '../../../components/SortableList.tsx'
import { DragHandle } from '../../../components/SortableList.tsx'
import type { BlogField } from '../content-fields.ts'

type Props = {
  field: BlogField
  /** "Metin alanı 2", "Görsel alanı 1": numbered per type. */
  label: string
  handle: DragHandleProps
  onChange: (field: BlogField) => void
  onRemove: () => void
}

/** One content field of a post: drag handle, the text or image input, and its remove button. */
export function BlogFieldEditor({ field, label, handle, onChange, onRemove }: Props) {
  return (
    <div className="sortable-item">
      <DragHandle handle={handle} label={`${label}: sürükleyerek sırala`} />
      <div className="sortable-item__body">
        {field.type === 'text' ? (
          <TextArea
            label={label}
            value={field.content}
            onChange={(content) => onChange({ ...field, content })}
            rows={5}
          />
        ) : (
          <ImageInput
            label={label}
            currentUrl={field.src}
            file={field.file}
            onFileChange={(file) => onChange({ ...field, file })}
            onRemove={() => onChange({ ...field, src: '', file: null })}
          />
        )}
      </div>
      <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`${label} alanını kaldır`}>
        Alanı kaldır
      </Button>
    </div>
  )
}
