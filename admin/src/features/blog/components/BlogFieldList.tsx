import { SortableList } from '../../../components/SortableList.tsx'
import { Button } from '../../../components/ui/Button.tsx'
import { addFieldError, counterText, newField, type BlogField } from '../content-fields.ts'
import { BlogFieldEditor } from './BlogFieldEditor.tsx'

type Props = {
  fields: BlogField[]
  onChange: (fields: BlogField[]) => void
  /** Shows a limit message ('Maksimum 20 metin alanı ekleyebilirsiniz.'...). */
  onLimit: (text: string) => void
}

/** The post's content fields in order: drag (or keyboard) to reorder, remove, add text or image. */
export function BlogFieldList({ fields, onChange, onLimit }: Props) {
  const numbers = new Map<string, number>()
  const seen = { text: 0, image: 0 }
  for (const f of fields) numbers.set(f.key, ++seen[f.type])

  function add(type: BlogField['type']) {
    const problem = addFieldError(fields, type)
    if (problem) return onLimit(problem)
    onChange([...fields, newField(type)])
  }

  const labelOf = (f: BlogField) => `${f.type === 'text' ? 'Metin' : 'Görsel'} alanı ${numbers.get(f.key)}`
  return (
    <fieldset className="content-fields">
      <legend>İçerik alanları</legend>
      <p className="content-fields__counter" aria-live="polite">
        {counterText(fields)}
      </p>
      {fields.length > 0 && (
        <SortableList
          items={fields}
          getId={(f) => f.key}
          onReorder={onChange}
          describe={labelOf}
          renderItem={(field, handle) => (
            <BlogFieldEditor
              field={field}
              label={labelOf(field)}
              handle={handle}
              onChange={(next) => onChange(fields.map((f) => (f.key === next.key ? next : f)))}
              onRemove={() => onChange(fields.filter((f) => f.key !== field.key))}
            />
          )}
        />
      )}
      <div className="actions">
        <Button variant="secondary" size="sm" onClick={() => add('text')}>
          + Metin alanı ekle
        </Button>
        <Button variant="secondary" size="sm" onClick={() => add('image')}>
          + Görsel alanı ekle
        </Button>
      </div>
    </fieldset>
  )
}
