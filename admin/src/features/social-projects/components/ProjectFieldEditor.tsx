import { ContentFieldItem } from '../../../components/ContentFieldItem.tsx'
import type { FieldEditorProps } from '../../../components/ContentFieldList.tsx'
import { UploadImageField } from '../../../components/UploadImageField.tsx'
import { Select } from '../../../components/ui/Select.tsx'
import { TextArea } from '../../../components/ui/TextArea.tsx'
import { TextField } from '../../../components/ui/TextField.tsx'
import type { HeadingLevel, ProjectField } from '../content-fields.ts'

const levelOptions = [
  { value: '2', label: 'H2' },
  { value: '3', label: 'H3' },
  { value: '4', label: 'H4' },
]

/** One content field of a project: text, heading with its level, or image with an optional caption. */
export function ProjectFieldEditor({
  field,
  label,
  handle,
  onChange,
  onRemove,
}: FieldEditorProps<ProjectField>) {
  const set = onChange
  return (
    <ContentFieldItem label={label} handle={handle} onRemove={onRemove}>
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
          <UploadImageField
            label={label}
            accept="image/*"
            url={field.src}
            // An image from the library brings its alt text as the caption when the field has none yet.
            onChange={(src, item) =>
              set({ src, ...(!field.caption && item?.alt ? { caption: item.alt } : {}) })
            }
          />
          <TextField
            label="Görsel açıklaması (isteğe bağlı)"
            value={field.caption}
            onChange={(caption) => set({ caption })}
          />
        </div>
      )}
    </ContentFieldItem>
  )
}
