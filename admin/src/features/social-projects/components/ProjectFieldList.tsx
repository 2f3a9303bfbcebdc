import { MAX_PROJECT_IMAGES, MAX_PROJECT_TEXT, MAX_PROJECT_FIELDS } from '#schema/social-project.ts'
import { SortableList } from '../../../components/SortableList.tsx'
import { Button } from '../../../components/ui/Button.tsx'
import { addFieldError, newField, type FieldType, type ProjectField } from '../content-fields.ts'
import { ProjectFieldEditor } from './ProjectFieldEditor.tsx'

const typeNames: Record<FieldType, string> = { text: 'Metin', heading: 'Başlık', image: 'Görsel' }

type Props = {
  fields: ProjectField[]
  onChange: (fields: ProjectField[]) => void
  /** Shows a limit message ('Maksimum 40 alan ekleyebilirsiniz.'...). */
  onLimit: (text: string) => void
}

/** The project's content fields in order: drag (or keyboard) to reorder, remove, add text, heading or image. */
export function ProjectFieldList({ fields, onChange, onLimit }: Props) {
  const numbers = new Map<string, number>()
  const seen: Record<FieldType, number> = { text: 0, heading: 0, image: 0 }
  for (const f of fields) numbers.set(f.key, ++seen[f.type])

  function add(type: FieldType) {
    const problem = addFieldError(fields, type)
    if (problem) return onLimit(problem)
    onChange([...fields, newField(type)])
  }

  const labelOf = (f: ProjectField) => `${typeNames[f.type]} alanı ${numbers.get(f.key)}`
  return (
    <fieldset className="content-fields">
      <legend>İçerik alanları</legend>
      <p className="content-fields__counter" aria-live="polite">
        {fields.length}/{MAX_PROJECT_FIELDS} alan: {seen.text}/{MAX_PROJECT_TEXT} metin, {seen.heading}{' '}
        başlık, {seen.image}/{MAX_PROJECT_IMAGES} görsel
      </p>
      {fields.length > 0 && (
        <SortableList
          items={fields}
          getId={(f) => f.key}
          onReorder={onChange}
          describe={labelOf}
          renderItem={(field, handle) => (
            <ProjectFieldEditor
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
        <Button variant="secondary" size="sm" onClick={() => add('heading')}>
          + Başlık alanı ekle
        </Button>
        <Button variant="secondary" size="sm" onClick={() => add('image')}>
          + Görsel alanı ekle
        </Button>
      </div>
    </fieldset>
  )
}
