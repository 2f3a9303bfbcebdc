import type { ReactNode } from 'react'
import { MAX_SERVICE_HEADINGS, type Home } from '#schema/home.ts'
import { msg } from '#schema/messages.ts'
import { Card } from '../../../components/ui/Card.tsx'
import { errorText } from '../../../lib/api-client.ts'
import { useAddServiceHeading, serviceHeadingSchema } from '../api/add-service-heading.ts'
import type { Feedback } from '../hooks/feedback.ts'
import { useSaveSection } from '../hooks/useSaveSection.ts'
import { useSectionPreview } from '../hooks/useSectionPreview.tsx'
import { AddTitleForm } from './AddTitleForm.tsx'
import { BlurField } from './BlurField.tsx'
import { sectionVersion } from '../section-guard.ts'
import { blurRule } from '../blur-rules.ts'
import { ServiceBranch } from './ServiceBranch.tsx'

/** Services tree (id="hizmetler"): section texts, up to 7 main headings, each with unlimited sub-items. */
export function ServicesSection({
  services,
  feedback,
  history,
}: {
  services: Home['services']
  feedback: Feedback
  history?: ReactNode
}) {
  const save = useSaveSection('services', feedback)
  const preview = useSectionPreview('services', feedback)
  const addHeading = useAddServiceHeading()
  const full = services.tree.length >= MAX_SERVICE_HEADINGS

  async function add(title: string) {
    try {
      const res = await addHeading.mutateAsync(title)
      feedback.ok(res.message ?? msg.serviceAdded)
      return true
    } catch (error) {
      feedback.fail(errorText(error, msg.serviceAddError))
      return false
    }
  }

  return (
    <Card title="Hizmetler" id="hizmetler" actions={history}>
      <div className="stack">
        <BlurField
          draftId="services.title"
          version={sectionVersion('services')}
          label="Bölüm başlığı"
          value={services.title}
          onSave={(title, base) => save({ title }, base)}
          rule={blurRule('services', 'title', { label: 'Bölüm başlığı', required: true })}
          onDraft={(title) => preview.draft({ title })}
        />
        <BlurField
          draftId="services.description"
          version={sectionVersion('services')}
          label="Açıklama"
          value={services.description}
          onSave={(description, base) => save({ description }, base)}
          rule={blurRule('services', 'description', { label: 'Açıklama' })}
          onDraft={(description) => preview.draft({ description })}
          multiline
        />
      </div>
      <h3 className="home-editor__subtitle">
        Hizmet başlıkları ({services.tree.length}/{MAX_SERVICE_HEADINGS})
      </h3>
      {services.tree.length > 0 && (
        <ul className="service-tree">
          {services.tree.map((branch) => (
            <ServiceBranch key={branch.id} branch={branch} feedback={feedback} />
          ))}
        </ul>
      )}
      <AddTitleForm
        label="Yeni hizmet başlığı"
        draftId="services.yeni-baslik"
        buttonText="Başlık ekle"
        schema={serviceHeadingSchema}
        disabled={full}
        hint={full ? msg.serviceMax : undefined}
        busy={addHeading.isPending}
        onAdd={add}
      />
      {preview.panel}
    </Card>
  )
}
