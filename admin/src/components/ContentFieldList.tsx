import type { Dispatch, ReactNode, SetStateAction } from 'react'
import { SortableList, type DragHandleProps } from './SortableList.tsx'
import { Button } from './ui/Button.tsx'
import { reorderLatest } from '../lib/reorder-latest.ts'

/** What the list needs of a content field; each feature adds its own inputs. */
export type BaseField<K extends string> = { key: string; type: K }

/** Props the list gives each field editor. */
export type FieldEditorProps<F> = {
  field: F
  label: string
  handle: DragHandleProps
  /** Merges the changed values into the field as it is now (an upload ending later never undoes typing). */
  onChange: (patch: Partial<F>) => void
  onRemove: () => void
}

type Props<K extends string, F extends BaseField<K>> = {
  fields: F[]
  /** A state setter: field edits are applied to the latest list. */
  onChange: Dispatch<SetStateAction<F[]>>
  /** Shows a limit message ('Maksimum 20 metin alanı ekleyebilirsiniz.'...). */
  onLimit: (text: string) => void
  /** Name of each field type, in the order of the add buttons: { text: 'Metin', image: 'Görsel' }. */
  typeNames: Record<K, string>
  /** The counter line, from the number of fields of each type. */
  counter: (counts: Record<K, number>) => ReactNode
  /** Why a field of this type cannot be added, or null. */
  addFieldError: (fields: readonly F[], type: K) => string | null
  newField: (type: K) => F
  renderEditor: (props: FieldEditorProps<F>) => ReactNode
}

/** Content fields in order: drag (or keyboard) to reorder, remove, and one add button per field type. */
export function ContentFieldList<K extends string, F extends BaseField<K>>(props: Props<K, F>) {
  const { fields, onChange, onLimit, typeNames, counter, addFieldError, newField, renderEditor } = props
  const types = Object.keys(typeNames) as K[]
  const numbers = new Map<string, number>()
  const seen = Object.fromEntries(types.map((t) => [t, 0])) as Record<K, number>
  for (const f of fields) numbers.set(f.key, ++seen[f.type])

  function add(type: K) {
    const problem = addFieldError(fields, type)
    if (problem) return onLimit(problem)
    onChange([...fields, newField(type)])
  }

  const labelOf = (f: F) => `${typeNames[f.type]} alanı ${numbers.get(f.key)}`
  return (
    <fieldset className="content-fields">
      <legend>İçerik alanları</legend>
      <p className="content-fields__counter" aria-live="polite">
        {counter(seen)}
      </p>
      {fields.length > 0 && (
        <SortableList
          items={fields}
          getId={(f) => f.key}
          onReorder={(moved) => onChange((all) => reorderLatest(all, moved))}
          describe={labelOf}
          renderItem={(field, handle) =>
            renderEditor({
              field,
              label: labelOf(field),
              handle,
              onChange: (patch) =>
                onChange((all) => all.map((f) => (f.key === field.key ? { ...f, ...patch } : f))),
              onRemove: () => onChange((all) => all.filter((f) => f.key !== field.key)),
            })
          }
        />
      )}
      <div className="actions">
        {types.map((type) => (
          <Button key={type} variant="secondary" size="sm" onClick={() => add(type)}>
            + {typeNames[type]} alanı ekle
          </Button>
        ))}
      </div>
    </fieldset>
  )
}
