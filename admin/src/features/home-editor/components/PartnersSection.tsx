import type { ReactNode } from 'react'
import type { Home } from '#schema/home.ts'
import { Card } from '../../../components/ui/Card.tsx'
import type { Feedback } from '../hooks/feedback.ts'
import { useSaveSection } from '../hooks/useSaveSection.ts'
import { useSectionPreview } from '../hooks/useSectionPreview.tsx'
import { BlurField } from './BlurField.tsx'
import { sectionVersion } from '../section-guard.ts'
import { blurRule } from '../blur-rules.ts'
import { NewPartnerCardForm } from './NewPartnerCardForm.tsx'
import { PartnerCardEditor } from './PartnerCardEditor.tsx'

/** Partners: section texts, one collapsible editor per card, and the add form. */
export function PartnersSection({
  partners,
  feedback,
  history,
}: {
  partners: Home['partners']
  feedback: Feedback
  history?: ReactNode
}) {
  const save = useSaveSection('partners', feedback)
  const preview = useSectionPreview('partners', feedback)
  return (
    <Card title="Partnerler" id="partnerler" actions={history}>
      <div className="stack">
        <BlurField
          draftId="partners.title"
          version={sectionVersion('partners')}
          label="Başlık"
          value={partners.title}
          onSave={(title, base) => save({ title }, base)}
          rule={blurRule('partners', 'title', { label: 'Başlık', required: true })}
          onDraft={(title) => preview.draft({ title })}
        />
        <BlurField
          draftId="partners.description"
          version={sectionVersion('partners')}
          label="Açıklama"
          value={partners.description}
          onSave={(description, base) => save({ description }, base)}
          rule={blurRule('partners', 'description', { label: 'Açıklama' })}
          onDraft={(description) => preview.draft({ description })}
          multiline
        />
      </div>
      <h3 className="home-editor__subtitle">Partner kartları ({partners.cards.length})</h3>
      {partners.cards.length > 0 && (
        <ul className="partner-cards">
          {partners.cards.map((card) => (
            <PartnerCardEditor key={card.id} card={card} feedback={feedback} />
          ))}
        </ul>
      )}
      <NewPartnerCardForm feedback={feedback} />
      {preview.panel}
    </Card>
  )
}
