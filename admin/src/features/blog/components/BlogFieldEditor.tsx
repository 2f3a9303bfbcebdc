import { ContentFieldItem } from '../../../components/ContentFieldItem.tsx'
import type { FieldEditorProps } from '../../../components/ContentFieldList.tsx'
import { ImageInput } from '../../../components/ui/ImageInput.tsx'
import { TextArea } from '../../../components/ui/TextArea.tsx'
import { TextField } from '../../../components/ui/TextField.tsx'
import type { BlogField } from '../content-fields.ts'

/** One content field of a post: drag handle, the text or image input, and its remove button. */
export function BlogFieldEditor({ field, label, handle, onChange, onRemove }: FieldEditorProps<BlogField>) {
  return (
    <ContentFieldItem label={label} handle={handle} onRemove={onRemove}>
      {field.type === 'text' ? (
        <TextArea
          label={label}
          value={field.content}
          onChange={(content) => onChange({ ...field, content })}
          rows={5}
        />
      ) : (
        <div className="stack">
          <ImageInput
            label={label}
            currentUrl={field.src}
            file={field.file}
            onFileChange={(file) => onChange({ ...field, file })}
            onRemove={() => onChange({ ...field, src: '', file: null })}
            onPick={(item) => onChange({ ...field, src: item.url, file: null, alt: field.alt || item.alt })}
          />
          <TextField
            label="Alternatif metin (isteğe bağlı)"
            value={field.alt ?? ''}
            onChange={(alt) => onChange({ ...field, alt })}
          />
        </div>
      )}
    </ContentFieldItem>
  )
}
