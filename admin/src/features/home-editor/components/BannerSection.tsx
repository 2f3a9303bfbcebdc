import type { ReactNode } from 'react'
import { isVideo, type Home } from '#schema/home.ts'
import { Card } from '../../../components/ui/Card.tsx'
import type { Feedback } from '../hooks/feedback.ts'
import { useSaveSection } from '../hooks/useSaveSection.ts'
import { useSectionPreview } from '../hooks/useSectionPreview.tsx'
import { BlurField } from './BlurField.tsx'
import { sectionVersion } from '../section-guard.ts'
import { blurRule } from '../blur-rules.ts'
import { UploadImageField } from '../../../components/UploadImageField.tsx'

/** Banner: title, subtitle, background image or video, texts of the two buttons. */
export function BannerSection({
  banner,
  feedback,
  history,
}: {
  banner: Home['banner']
  feedback: Feedback
  history?: ReactNode
}) {
  const save = useSaveSection('banner', feedback)
  const preview = useSectionPreview('banner', feedback)
  return (
    <Card title="Banner" id="banner" actions={history}>
      <div className="stack">
        <BlurField
          draftId="banner.title"
          version={sectionVersion('banner')}
          label="Başlık"
          value={banner.title}
          onSave={(title, base) => save({ title }, base)}
          rule={blurRule('banner', 'title', { label: 'Başlık', required: true })}
          onDraft={(title) => preview.draft({ title })}
        />
        <BlurField
          draftId="banner.subtitle"
          version={sectionVersion('banner')}
          label="Alt başlık"
          value={banner.subtitle}
          onSave={(subtitle, base) => save({ subtitle }, base)}
          rule={blurRule('banner', 'subtitle', { label: 'Alt başlık' })}
          onDraft={(subtitle) => preview.draft({ subtitle })}
          multiline
        />
        <UploadImageField
          label="Arka plan görseli veya videosu"
          url={banner.backgroundMedia}
          media
          onChange={(backgroundMedia) => void save({ backgroundMedia })}
          onError={feedback.fail}
        />
        {isVideo(banner.backgroundMedia) && (
          // No tool here takes a video's first frame (decision 023): the admin chooses the still.
          <UploadImageField
            label="Video kapak görseli"
            url={banner.poster}
            onChange={(poster) => void save({ poster })}
            accept="image/*"
            onError={feedback.fail}
          />
        )}
        <div className="form-row">
          <BlurField
            draftId="banner.button1"
            version={sectionVersion('banner')}
            label="1. buton metni"
            value={banner.button1.text}
            onSave={(text, base) => save({ button1: { ...banner.button1, text } }, base)}
            rule={blurRule('banner', 'button1', {
              label: '1. buton metni',
              wrap: (text) => ({ ...banner.button1, text }),
            })}
            onDraft={(text) => preview.draft({ button1: { ...banner.button1, text } })}
          />
          <BlurField
            draftId="banner.button2"
            version={sectionVersion('banner')}
            label="2. buton metni"
            value={banner.button2.text}
            onSave={(text, base) => save({ button2: { ...banner.button2, text } }, base)}
            rule={blurRule('banner', 'button2', {
              label: '2. buton metni',
              wrap: (text) => ({ ...banner.button2, text }),
            })}
            onDraft={(text) => preview.draft({ button2: { ...banner.button2, text } })}
          />
        </div>
      </div>
      {preview.panel}
    </Card>
  )
}
