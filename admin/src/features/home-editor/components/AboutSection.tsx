import type { ReactNode } from 'react'
import type { Home } from '#schema/home.ts'
import { Card } from '../../../components/ui/Card.tsx'
import type { Feedback } from '../hooks/feedback.ts'
import { useSaveSection } from '../hooks/useSaveSection.ts'
import { useSectionPreview } from '../hooks/useSectionPreview.tsx'
import { BlurField } from './BlurField.tsx'
import { sectionVersion } from '../section-guard.ts'
import { blurRule } from '../blur-rules.ts'
import { UploadImageField } from '../../../components/UploadImageField.tsx'

/** About block of the home page: title, description, image. */
export function AboutSection({
  about,
  feedback,
  history,
}: {
  about: Home['about']
  feedback: Feedback
  history?: ReactNode
}) {
  const save = useSaveSection('about', feedback)
  const preview = useSectionPreview('about', feedback)
  return (
    <Card title="Hakkımızda" id="hakkimizda" actions={history}>
      <div className="stack">
        <BlurField
          draftId="about.title"
          version={sectionVersion('about')}
          label="Başlık"
          value={about.title}
          onSave={(title, base) => save({ title }, base)}
          rule={blurRule('about', 'title', { label: 'Başlık', required: true })}
          onDraft={(title) => preview.draft({ title })}
        />
        <BlurField
          draftId="about.description"
          version={sectionVersion('about')}
          label="Açıklama"
          value={about.description}
          onSave={(description, base) => save({ description }, base)}
          rule={blurRule('about', 'description', { label: 'Açıklama' })}
          onDraft={(description) => preview.draft({ description })}
          multiline
        />
        <UploadImageField
          label="Görsel"
          url={about.image}
          onChange={(image) => void save({ image })}
          accept="image/*"
          onError={feedback.fail}
        />
      </div>
      {preview.panel}
    </Card>
  )
}
