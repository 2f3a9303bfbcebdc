import { Button } from './Button.tsx'

type Props = {
  /** Text of the submit button ('Kaydet', 'Güncelle', 'Üye Ekle'...). */
  submitLabel?: string
  /** While true the submit button reads 'Kaydediliyor...'. */
  busy: boolean
  onCancel: () => void
  cancelVariant?: 'secondary' | 'ghost'
  /** Also disables 'İptal' while saving. */
  lockCancel?: boolean
  /** Disables the submit button without the busy text (e.g. while an image is still uploading). */
  submitDisabled?: boolean
  /** Said beside a disabled submit button (issue 30: a greyed 'Kaydet' gave no reason). */
  disabledReason?: string
}

/** The submit and 'İptal' buttons at the end of a form. */
export function FormActions({
  submitLabel = 'Kaydet',
  busy,
  onCancel,
  cancelVariant = 'secondary',
  lockCancel = false,
  submitDisabled = false,
  disabledReason = 'Dosya yükleniyor; yükleme bitince kaydedebilirsiniz.',
}: Props) {
  return (
    <div className="actions">
      <Button type="submit" busy={busy} disabled={submitDisabled}>
        {submitLabel}
      </Button>
      <Button variant={cancelVariant} onClick={onCancel} disabled={lockCancel && busy}>
        İptal
      </Button>
      {submitDisabled && !busy && (
        <span className="muted actions__why" role="status">
          {disabledReason}
        </span>
      )}
    </div>
  )
}
