import type { Dispatch, SetStateAction } from 'react'
import { MAX_PROJECT_FIELDS, MAX_PROJECT_IMAGES, MAX_PROJECT_TEXT } from '#schema/social-project.ts'
import { ContentFieldList } from '../../../components/ContentFieldList.tsx'
import { addFieldError, newField, type FieldType, type ProjectField } from '../content-fields.ts'
import { ProjectFieldEditor } from './ProjectFieldEditor.tsx'

/** Type names in the order of the add buttons. */
const typeNames: Record<FieldType, string> = { text: 'Metin', heading: 'Başlık', image: 'Görsel' }

type Props = {
  fields: ProjectField[]
  onChange: Dispatch<SetStateAction<ProjectField[]>>
  /** Shows a limit message ('Maksimum 40 alan ekleyebilirsiniz.'...). */
  onLimit: (text: string) => void
}

/** The project's content fields in order: drag (or keyboard) to reorder, remove, add text, heading or image. */
export function ProjectFieldList({ fields, onChange, onLimit }: Props) {
  return (
    <ContentFieldList
      fields={fields}
      onChange={onChange}
      onLimit={onLimit}
      typeNames={typeNames}
      counter={(n) =>
        `${fields.length}/${MAX_PROJECT_FIELDS} alan: ${n.text}/${MAX_PROJECT_TEXT} metin, ${n.heading} ` +
        `başlık, ${n.image}/${MAX_PROJECT_IMAGES} görsel`
      }
      addFieldError={addFieldError}
      newField={newField}
      renderEditor={(props) => <ProjectFieldEditor {...props} />}
    />
  )
}
