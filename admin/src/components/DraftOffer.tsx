import { DRAFT_DELETE, DRAFT_OFFER, DRAFT_RESTORE } from '#schema/form-drafts.ts'
import { Button } from './ui/Button.tsx'
import { formatDateTime } from '../utils/format-date.ts'

type Props = { at: number; onRestore: () => void; onDelete: () => void }

/** The banner a form shows when this browser kept an unsaved draft of it (useFormDraft). */
export function DraftOffer({ at, onRestore, onDelete }: Props) {
  return (
    <div className="notice notice--info draft-offer" role="status">
      <p>
        {DRAFT_OFFER}
        <span className="draft-offer__when"> ({formatDateTime(new Date(at).toISOString())} tarihinde yazıldı)</span>
      </p>
      <div className="draft-offer__actions">
        <Button size="sm" onClick={onRestore}>
          {DRAFT_RESTORE}
        </Button>
        <Button size="sm" variant="secondary" onClick={onDelete}>
          {DRAFT_DELETE}
        </Button>
      </div>
    </div>
  )
}
