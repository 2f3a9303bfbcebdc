import { useState } from 'react'
import { msg } from '#schema/messages.ts'
import { RefusedFileNotice } from '../../components/RefusedFileNotice.tsx'
import { EmptyState } from '../../components/ui/EmptyState.tsx'
import { LoadError } from '../../components/ui/LoadError.tsx'
import { Notice } from '../../components/ui/Notice.tsx'
import { PageHeader } from '../../components/ui/PageHeader.tsx'
import { Spinner } from '../../components/ui/Spinner.tsx'
import { useTimedMessage } from '../../hooks/useTimedMessage.ts'
import { errorText } from '../../lib/api-client.ts'
import { confirmAction } from '../../lib/confirm.ts'
import { useMedia, type MediaEntry } from '../../lib/media.ts'
import { useMediaActions } from './api/media-actions.ts'
import { MediaCard } from './components/MediaCard.tsx'
import { UploadZone } from './components/UploadZone.tsx'

type Filter = 'all' | 'unused'

/** /admin/medya: every uploaded image and video, their uses, alt text; upload, and delete what is unused. */
export default function MediaPage() {
  const media = useMedia()
  const { remove, saveAlt } = useMediaActions()
  const [filter, setFilter] = useState<Filter>('all')
  const { message, show } = useTimedMessage(5000)
  const items = (media.data ?? []).filter((item) => filter === 'all' || item.uses.length === 0)

  async function del(item: MediaEntry) {
    if (!(await confirmAction('Bu dosyayı silmek istediğinizden emin misiniz?'))) return
    remove.mutate(item.url, {
      onSuccess: (res) => show('success', res.message),
      onError: (error) => show('error', errorText(error, msg.serverError)),
    })
  }

  return (
    <>
      <PageHeader
        title="Medya Yönetimi"
        description="Yüklenen tüm görseller ve videolar, boyutları ve kullanıldıkları yerler."
      />
      <RefusedFileNotice files={['media.json']} />
      <Notice message={message} />
      <UploadZone onUploaded={() => void media.refetch()} />
      <div className="media-filter" role="group" aria-label="Filtre">
        {(
          [
            ['all', 'Tümü'],
            ['unused', 'Kullanılmayanlar'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            className={`btn btn--sm ${filter === value ? 'btn--primary' : 'btn--secondary'}`}
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
          >
            {label}
          </button>
        ))}
      </div>
      {media.isPending ? (
        <Spinner />
      ) : media.isError ? (
        <LoadError error={media.error} fallback="Medya listesi alınamadı." />
      ) : items.length === 0 ? (
        <EmptyState>
          {filter === 'unused' ? 'Kullanılmayan dosya yok.' : 'Henüz dosya yüklenmedi.'}
        </EmptyState>
      ) : (
        <ul className="media-grid" aria-label="Medya dosyaları">
          {items.map((item) => (
            <MediaCard
              key={item.url}
              item={item}
              busy={remove.isPending}
              onDelete={() => del(item)}
              onSaveAlt={(alt) =>
                saveAlt.mutate(
                  { url: item.url, alt },
                  {
                    onSuccess: (res) => show('success', res.message),
                    onError: (error) => show('error', errorText(error, msg.serverError)),
                  },
                )
              }
            />
          ))}
        </ul>
      )}
    </>
  )
}
