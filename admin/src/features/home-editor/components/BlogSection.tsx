import type { ReactNode } from 'react'
import type { Home } from '#schema/home.ts'
import { Card } from '../../../components/ui/Card.tsx'
import type { Feedback } from '../hooks/feedback.ts'
import { useSaveSection } from '../hooks/useSaveSection.ts'
import { useSectionPreview } from '../hooks/useSectionPreview.tsx'
import { BlurField } from './BlurField.tsx'
import { sectionVersion } from '../section-guard.ts'
import { blurRule } from '../blur-rules.ts'

/** Blog preview block of the home page: title and description (the posts come from the blog). */
export function BlogSection({
  blog,
  feedback,
  history,
}: {
  blog: Home['blog']
  feedback: Feedback
  history?: ReactNode
}) {
  const save = useSaveSection('blog', feedback)
  const preview = useSectionPreview('blog', feedback)
  return (
    <Card title="Blog" id="blog" actions={history}>
      <div className="stack">
        <BlurField
          draftId="blog.title"
          version={sectionVersion('blog')}
          label="Başlık"
          value={blog.title}
          onSave={(title, base) => save({ title }, base)}
          rule={blurRule('blog', 'title', { label: 'Başlık', required: true })}
          onDraft={(title) => preview.draft({ title })}
        />
        <BlurField
          draftId="blog.description"
          version={sectionVersion('blog')}
          label="Açıklama"
          value={blog.description}
          onSave={(description, base) => save({ description }, base)}
          rule={blurRule('blog', 'description', { label: 'Açıklama' })}
          onDraft={(description) => preview.draft({ description })}
          multiline
        />
      </div>
      {preview.panel}
    </Card>
  )
}
