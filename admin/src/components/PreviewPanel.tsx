import { useState } from 'react'
import { msg } from '#schema/messages.ts'
import { errorText } from '../lib/api-client.ts'
import {
  createPreview,
  useRefreshLinks,
  useRevokeLink,
  useSharedLinks,
  type PreviewLink,
} from '../lib/preview.ts'
import { formatTurkeyLong } from '../utils/turkey-time.ts'
import { Button } from './ui/Button.tsx'
import './preview-panel.css'

type Props = {
  /** The content collection the editor saves ('blogs', 'home', …). */
  collection: string
  /** The item's id; undefined for a new item (its preview can still be opened, not shared). */
  id?: string
  /** The editor's current values as a save would send them, or null when the form has errors (shown by it). */
  build: () => unknown | null
  /** Offer a shareable link (default: when the item has an id; one-of-a-kind documents pass true). */
  shareable?: boolean
  /**
   * Keep the focus in the field being typed in when the button is pressed: editors that save on leaving a field
   * (the home sections) would otherwise save the change before it is previewed.
   */
  keepFocus?: boolean
  onError: (text: string) => void
}

/**
 * 'Önizle' (issue 21): opens the page as it would be published with the unsaved values in a new tab; for a
 * saved item also a link to share with a reviewer without an account, listed with its expiry and revocable.
 */
export function PreviewPanel({ collection, id, build, shareable, keepFocus, onError }: Props) {
  const canShare = shareable ?? !!id
  const [busy, setBusy] = useState<'open' | 'share' | null>(null)
  const [created, setCreated] = useState<PreviewLink | null>(null)
  // Shown only once the server has answered the revocation (issue 28): a security action is never shown done
  // while its request is still on the way (the button then reads 'İptal ediliyor...').
  const [revoked, setRevoked] = useState<string | null>(null)
  const links = useSharedLinks(collection, id, canShare)
  const revoke = useRevokeLink(collection, id)
  const refresh = useRefreshLinks(collection, id)

  async function open() {
    const data = build()
    if (data === null) return
    // Opened at the click (a window opened after an await counts as a pop-up), then sent to the preview.
    const tab = window.open('', '_blank')
    setBusy('open')
    try {
      const link = await createPreview(collection, id, data)
      if (tab) tab.location.href = link.url
      else window.location.assign(link.url)
    } catch (error) {
      tab?.close()
      onError(errorText(error, 'Önizleme oluşturulamadı.'))
    } finally {
      setBusy(null)
    }
  }

  async function share() {
    const data = build()
    if (data === null) return
    setBusy('share')
    try {
      setCreated(await createPreview(collection, id, data, true))
      await refresh()
    } catch (error) {
      onError(errorText(error, 'Önizleme bağlantısı oluşturulamadı.'))
    } finally {
      setBusy(null)
    }
  }

  const shared = links.data ?? []
  return (
    <section className="preview-panel" aria-label="Önizleme">
      <div className="preview-panel__actions" onMouseDown={keepFocus ? (e) => e.preventDefault() : undefined}>
        <Button
          variant="secondary"
          onClick={open}
          busy={busy === 'open'}
          busyLabel="Önizleme hazırlanıyor..."
        >
          Önizle
        </Button>
        {canShare && (
          <Button
            variant="ghost"
            onClick={share}
            busy={busy === 'share'}
            busyLabel="Bağlantı oluşturuluyor..."
          >
            Paylaşılabilir önizleme bağlantısı oluştur
          </Button>
        )}
      </div>
      {!canShare && (
        // Issue 30: say why the share button is missing (a link needs a saved item to point at).
        <p className="muted preview-panel__why">
          Paylaşılabilir önizleme bağlantısı, içerik ilk kez kaydedildikten sonra oluşturulabilir.
        </p>
      )}
      {created && (
        <p className="preview-panel__created" role="status">
          <label>
            Önizleme bağlantısı (hesabı olmayan biri de açabilir, {formatTurkeyLong(created.expiresAt)}{' '}
            tarihine kadar):
            <input
              className="input"
              readOnly
              value={new URL(created.url, window.location.origin).href}
              onFocus={(e) => e.currentTarget.select()}
            />
          </label>
        </p>
      )}
      {revoked && (
        <p className="notice notice--success" role="status">
          {revoked}
        </p>
      )}
      {shared.length > 0 && (
        <div className="preview-panel__links">
          <h3 className="preview-panel__title">Paylaşılan önizleme bağlantıları</h3>
          <ul>
            {shared.map((link) => (
              <li key={link.id}>
                <span>
                  {link.createdBy} · {formatTurkeyLong(link.createdAt)} tarihinde oluşturuldu · Son
                  geçerlilik: {formatTurkeyLong(link.expiresAt)}
                </span>
                <Button
                  variant="danger"
                  size="sm"
                  busy={revoke.isPending && revoke.variables === link.id}
                  busyLabel="İptal ediliyor..."
                  onClick={() => {
                    setRevoked(null)
                    revoke.mutate(link.id, {
                      onSuccess: (answer) => {
                        setCreated((c) => (c?.id === link.id ? null : c))
                        setRevoked(answer.message ?? msg.previewRevoked)
                      },
                      onError: (error) => onError(errorText(error, 'Bağlantı iptal edilemedi.')),
                    })
                  }}
                >
                  Bağlantıyı iptal et
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
