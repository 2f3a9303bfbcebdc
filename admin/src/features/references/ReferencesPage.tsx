import { useMemo, useState } from 'react'
import { msg } from '#schema/messages.ts'
import type { ReferenceCard } from '#schema/reference.ts'
import { RefusedFileNotice } from '../../components/RefusedFileNotice.tsx'
import { StatusDock } from '../../components/StatusDock.tsx'
import { Card } from '../../components/ui/Card.tsx'
import { EmptyState } from '../../components/ui/EmptyState.tsx'
import { LoadError } from '../../components/ui/LoadError.tsx'
import { PageHeader } from '../../components/ui/PageHeader.tsx'
import { Spinner } from '../../components/ui/Spinner.tsx'
import { useTimedMessage } from '../../hooks/useTimedMessage.ts'
import { errorText } from '../../lib/api-client.ts'
import { confirmAction } from '../../lib/confirm.ts'
import { useDeleteReferenceCard } from './api/delete-reference-card.ts'
import { useReferences } from './api/get-references.ts'
import { useReorderReferences } from './api/reorder-references.ts'
import type { Feedback } from './components/feedback.ts'
import { NewReferenceForm } from './components/NewReferenceForm.tsx'
import { ReferenceCardModal } from './components/ReferenceCardModal.tsx'
import { ReferenceTable } from './components/ReferenceTable.tsx'
import { SliderManager } from './components/SliderManager.tsx'
import { sameOrder } from './reference-logic.ts'
import './references.css'

/** /admin/referanslarimiz-duzenle: slider images, new card form, sortable table and the edit modal. */
export default function ReferencesPage() {
  const references = useReferences()
  const reorder = useReorderReferences()
  const remove = useDeleteReferenceCard()
  const { message, show } = useTimedMessage(5000)
  const [published, setPublished] = useState(0)
  const [openId, setOpenId] = useState<string | null>(null)
  const feedback = useMemo<Feedback>(
    () => ({
      ok: (text) => {
        show('success', text)
        setPublished(Date.now())
      },
      fail: (text) => show('error', text),
    }),
    [show],
  )

  if (references.isPending) return <Spinner />
  if (references.isError)
    return <LoadError fallback="Referanslar yüklenirken hata oluştu." error={references.error} />

  const { cards, slider } = references.data
  const openCard = cards.find((c) => c.id === openId)

  function saveOrder(next: ReferenceCard[]) {
    if (sameOrder(next, cards)) return
    reorder.mutate(next, {
      onSuccess: (res) => feedback.ok(res.message ?? msg.reorderSaved),
      onError: () => feedback.fail(msg.reorderError),
    })
  }

  async function del(card: ReferenceCard) {
    if (!(await confirmAction(`"${card.title || 'Referans'}" silinsin mi?`))) return
    try {
      await remove.mutateAsync({ id: card.id, version: (card as ReferenceCard & { version?: string }).version })
      feedback.ok('Referans silindi.')
    } catch (error) {
      feedback.fail(errorText(error, msg.referenceDeleteError))
    }
  }

  return (
    <div className="stack references-admin">
      <PageHeader title="Referanslarımız" description="Slider görselleri, referans kartları ve sıralama." />
      <RefusedFileNotice files={['references.json']} />
      <StatusDock message={message} published={published} />
      <SliderManager images={slider} feedback={feedback} />
      <NewReferenceForm feedback={feedback} />
      <Card title={`Referanslar (${cards.length})`}>
        {cards.length === 0 ? (
          <EmptyState>Henüz referans kartı yok.</EmptyState>
        ) : (
          <>
            <p className="muted references-admin__hint">
              Sırayı değiştirmek için tutamacı sürükleyin ya da tutamaca odaklanıp boşluk ve ok tuşlarını
              kullanın.
            </p>
            <ReferenceTable
              cards={cards}
              onReorder={saveOrder}
              onEdit={(c) => setOpenId(c.id)}
              onDelete={del}
            />
          </>
        )}
      </Card>
      {openCard && (
        <ReferenceCardModal
          key={openCard.id}
          card={openCard}
          onClose={() => setOpenId(null)}
          feedback={feedback}
        />
      )}
    </div>
  )
}
