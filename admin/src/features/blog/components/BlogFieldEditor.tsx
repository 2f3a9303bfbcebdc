import { ContentFieldItem } from '../../../components/ContentFieldItem.tsx'
import type { FieldEditorProps } from '../../../components/ContentFieldList.tsx'
import { UploadImageField } from '../../../components/UploadImageField.tsx'
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
          onChange={(content) => onChange({ content })}
          rows={5}
        />
      ) : (
        <div className="stack">
          <UploadImageField
            label={label}
            url={field.src}
            // An image from the library brings its alt text when the field has none yet.
            onChange={(src, item) => onChange({ src, ...(!field.alt && item?.alt ? { alt: item.alt } : {}) })}
          />
          <TextField
            label="Alternatif metin (isteğe bağlı)"
            value={field.alt ?? ''}
            onChange={(alt) => onChange({ alt })}
          />
        </div>
      )}
    </ContentFieldItem>
  )
}
