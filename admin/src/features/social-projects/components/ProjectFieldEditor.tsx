import { DragHandle, type DragHandleProps } from '../../../components/SortableList.tsx'
import { Button } from '../../../components/ui/Button.tsx'
import { ImageInput } from '../../../components/ui/ImageInput.tsx'
import { Select } from '../../../components/ui/Select.tsx'
import { TextArea } from '../../../components/ui/TextArea.tsx'
import { TextField } from '../../../components/ui/TextField.tsx'
import type { HeadingLevel, ProjectField } from '../content-fields.ts'

const levelOptions = [
  { value: '2', label: 'H2' },
  { value: '3', label: 'H3' },
  { value: '4', label: 'H4' },
]

type Props = {
  field: ProjectField
  /** "Metin alanı 1", "Başlık alanı 2", "Görsel alanı 1": numbered per type. */
  label: string
  handle: DragHandleProps
  onChange: (field: ProjectField) => void
  onRemove: () => void
}

/** One content field of a project: text, heading with its level, or image with an optional caption. */
export function ProjectFieldEditor({ field, label, handle, onChange, onRemove }: Props) {
  const set = (patch: Partial<ProjectField>) => onChange({ ...field, ...patch })
  return (
    <div className="sortable-item">
      <DragHandle handle={handle} label={`${label}: sürükleyerek sırala`} />
      <div className="sortable-item__body">
        {field.type === 'text' && (
          <TextArea label={label} value={field.content} onChange={(content) => set({ content })} rows={5} />
        )}
        {field.type === 'heading' && (
          <div className="heading-field">
            <TextField label={label} value={field.content} onChange={(content) => set({ content })} />
            <Select
              label="Seviye"
              options={levelOptions}
              value={String(field.level)}
              onChange={(v) => set({ level: Number(v) as HeadingLevel })}
            />
          </div>
        )}
        {field.type === 'image' && (
          <div className="stack">
            <ImageInput
              label={label}
              accept="image/*"
              currentUrl={field.src}
              file={field.file}
              onFileChange={(file) => set({ file })}
              onRemove={() => set({ src: '', file: null })}
            />
            <TextField
              label="Görsel açıklaması (isteğe bağlı)"
              value={field.caption}
              onChange={(caption) => set({ caption })}
            />
          </div>
        )}
      </div>
      <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`${label} alanını kaldır`}>
        Alanı kaldır
      </Button>
    </div>
  )
}
