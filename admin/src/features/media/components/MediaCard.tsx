import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/Button.tsx'
import { TextField } from '../../../components/ui/TextField.tsx'
import { useFormDraft } from '../../../hooks/useFormDraft.tsx'
import { thumbnailUrl, type MediaEntry } from '../../../lib/media.ts'
import { sizeText } from '../../../lib/upload.ts'
import { formatDateTime } from '../../../utils/format-date.ts'

type MediaCardProps = {
  item: MediaEntry
  onSaveAlt: (alt: string) => void
  onDelete: () => void
  busy: boolean
}


/** One upload in the library: preview, size, dimensions, date, where it is used, alt text and delete. */
export function MediaCard({ item, onSaveAlt, onDelete, busy }: MediaCardProps) {
  const [alt, setAlt] = useState(item.alt)
  // The alt text saves on blur; typed and not yet saved (the tab closed first), it is kept here (issue 30).
  const [sent, setSent] = useState<string | null>(null)
  const saveAlt = (text: string) => {
    if (text.trim() === item.alt) return
    setSent(text)
    onSaveAlt(text)
  }
  const kept = useFormDraft({
    form: 'medya',
    itemId: item.url,
    values: alt.trim(),
    baseline: item.alt,
    restore: (text) => {
      setAlt(text)
      saveAlt(text)
    },
    unsaved: alt.trim() !== item.alt && alt !== sent,
  })
  const name = item.name || item.url.split('/').pop()!
  const ours = item.url.startsWith('/uploads/')
  return (
    <li className="media-card" aria-label={name}>
      {item.type === 'video' ? (
        <video className="media-card__preview" src={item.url} muted preload="metadata" controls />
      ) : (
        <img className="media-card__preview" src={thumbnailUrl(item)} alt={item.alt} loading="lazy" />
      )}
      <div className="media-card__body">
        <p className="media-card__name">{name}</p>
        <p className="muted media-card__meta">
          {item.width > 0 && `${item.width} × ${item.height} px · `}
          {item.optimizedBytes
            ? `${sizeText(item.uploadBytes)} → ${sizeText(item.optimizedBytes)}`
            : sizeText(item.bytes)}
          {/* Date and time: three uploads named 'photo.jpg' must be told apart (issue 30). */}
          {item.uploadedAt && ` · ${formatDateTime(item.uploadedAt)}`}
        </p>
        {item.uses.length ? (
          <div>
            <p className="media-card__label">Kullanıldığı yerler</p>
            <ul className="media-card__uses">
              {item.uses.map((use, i) => (
                <li key={i}>
                  <Link to={use.path}>{use.title ? `${use.area}: ${use.title}` : use.area}</Link>
                </li>
              ))}
            </ul>
          </div>
        ) : item.keptBy?.length ? (
          <div>
            <p className="media-card__unused">Şu an kullanılmıyor, ama silinemez:</p>
            <ul className="media-card__uses">
              {item.keptBy.map((why) => (
                <li key={why}>{why}</li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="media-card__unused">Kullanılmıyor</p>
        )}
        {item.type === 'image' && kept.offer}
        {item.type === 'image' && (
          <TextField
            label="Alternatif metin"
            value={alt}
            maxLength={300}
            onChange={setAlt}
            onBlur={() => saveAlt(alt)}
          />
        )}
        {ours && item.uses.length > 0 ? (
          // No 'Sil' that would only be refused after the confirmation: say why instead (issue 23).
          <p className="muted media-card__locked">
            Kullanıldığı için silinemez. Silmek için önce yukarıdaki yerlerden kaldırın.
          </p>
        ) : (
          ours &&
          !item.keptBy?.length && (
            <Button variant="danger" size="sm" onClick={onDelete} disabled={busy}>
              Sil
            </Button>
          )
        )}
      </div>
    </li>
  )
}
