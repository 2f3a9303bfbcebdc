import type { Dispatch, SetStateAction } from 'react'
import { ContentFieldList } from '../../../components/ContentFieldList.tsx'
import { addFieldError, counterText, newField, type BlogField } from '../content-fields.ts'
import { BlogFieldEditor } from './BlogFieldEditor.tsx'

const typeNames = { text: 'Metin', image: 'Görsel' }

type Props = {
  fields: BlogField[]
  onChange: Dispatch<SetStateAction<BlogField[]>>
  /** Shows a limit message ('Maksimum 20 metin alanı ekleyebilirsiniz.'...). */
  onLimit: (text: string) => void
}

/** The post's content fields in order: drag (or keyboard) to reorder, remove, add text or image. */
export function BlogFieldList({ fields, onChange, onLimit }: Props) {
  return (
    <ContentFieldList
      fields={fields}
      onChange={onChange}
      onLimit={onLimit}
      typeNames={typeNames}
      counter={() => counterText(fields)}
      addFieldError={addFieldError}
      newField={newField}
      renderEditor={(props) => <BlogFieldEditor {...props} />}
    />
  )
}
