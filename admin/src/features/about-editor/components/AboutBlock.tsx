import { UploadImageField } from '../../../components/UploadImageField.tsx'
import { TextArea } from '../../../components/ui/TextArea.tsx'
import { TextField } from '../../../components/ui/TextField.tsx'

export type BlockValues = { title: string; description: string; image: string }

type Props = {
  heading: string
  /** Block 1 has its image on the right, block 2 on the left, as on the public page. */
  imageSide: 'left' | 'right'
  value: BlockValues
  /** The changed values only: an upload that ends later never undoes what was typed meanwhile. */
  onChange: (patch: Partial<BlockValues>) => void
  errors?: { title?: string; description?: string; image?: string }
}

/** One who-are-we block: title, description and image (uploaded when chosen), laid out like the public page. */
export function AboutBlock({ heading, imageSide, value, onChange, errors = {} }: Props) {
  return (
    <section className={`card about-block about-block--image-${imageSide}`} aria-label={heading}>
      <h2 className="card__title about-block__heading">{heading}</h2>
      <div className="about-block__text form">
        <TextField
          label="Başlık"
          value={value.title}
          onChange={(title) => onChange({ title })}
          error={errors.title}
        />
        <TextArea
          label="Açıklama"
          rows={8}
          value={value.description}
          onChange={(description) => onChange({ description })}
          error={errors.description}
        />
      </div>
      <div className="about-block__image">
        <UploadImageField
          label="Görsel"
          url={value.image}
          onChange={(image) => onChange({ image })}
          error={errors.image}
        />
      </div>
    </section>
  )
}
