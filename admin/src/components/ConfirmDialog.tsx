import { useId, useSyncExternalStore } from 'react'
import { currentConfirm, subscribeConfirm } from '../lib/confirm.ts'
import { Button } from './ui/Button.tsx'
import { Modal } from './ui/Modal.tsx'

/**
 * The question of `confirmAction` (lib/confirm.ts) as a Turkish alert dialog: the question, 'Vazgeç' and a button
 * naming the action ('Sil', 'Bakım modunu aç'), red when the action is hard to undo. Focus starts on 'Vazgeç'
 * (Enter must not delete by accident); Escape and a click outside answer no. Mounted once, in the app shell.
 */
export function ConfirmDialog() {
  const request = useSyncExternalStore(subscribeConfirm, currentConfirm, () => null)
  const questionId = useId()
  const answer = (yes: boolean) => request?.answer(yes)

  return (
    <Modal
      open={request !== null}
      role="alertdialog"
      size="sm"
      title={request?.title ?? ''}
      describedBy={questionId}
      closeButton={false}
      onClose={() => answer(false)}
      footer={
        <>
          <Button variant="secondary" onClick={() => answer(false)} data-autofocus>
            {request?.cancelLabel}
          </Button>
          <Button variant={request?.danger ? 'danger' : 'primary'} onClick={() => answer(true)}>
            {request?.confirmLabel}
          </Button>
        </>
      }
    >
      <p id={questionId} className="confirm-dialog__question">
        {request?.question}
      </p>
    </Modal>
  )
}
