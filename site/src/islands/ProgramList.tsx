import { useCallback, useEffect, useState } from 'react'
import { msg } from '#schema/messages.ts'
import { downloadProgram } from '../lib/download.ts'
import { formatFileSize } from '#schema/file-size.ts'
import { callApi } from '../lib/island-api.ts'
import { isPreviewPage } from '../lib/preview-mode.ts'
import { programsFromBody, withLiveCounts, type ProgramView } from '../lib/program-view.ts'
import { Notice } from './Notice.tsx'
import { PictureImg } from './PictureImg.tsx'
import { useHydrated } from './use-hydrated.ts'
import { useTimedNotice } from './use-timed-notice.ts'
import './program-list.css'

type Props = { initial: ProgramView[] }

/**
 * Program cards with per-program download; the list is refreshed from the API on mount and after a download (in a
 * preview, only the download counts).
 */
export function ProgramList({ initial }: Props) {
  const [programs, setPrograms] = useState(initial)
  // Several programs may download at once; each button is disabled only while its own download runs.
  const [downloading, setDownloading] = useState<ReadonlySet<string>>(new Set())
  const [notice, showNotice] = useTimedNotice(5000)
  const hydrated = useHydrated()

  const reload = useCallback(async () => {
    const result = await callApi('/api/programs')
    const fresh = result.ok ? programsFromBody(result.body) : null
    if (!fresh) return
    // A preview shows the editor's unsaved values: from the live list it takes only the download counts.
    setPrograms((shown) => (isPreviewPage() ? withLiveCounts(shown, fresh) : fresh))
  }, [])
  useEffect(() => {
    void reload()
  }, [reload])

  async function download(program: ProgramView) {
    if (downloading.has(program.id)) return
    setDownloading((ids) => new Set(ids).add(program.id))
    showNotice('info', `${program.name} indirme başlatılıyor...`)
    try {
      const fileName = await downloadProgram(program.id, program.name)
      showNotice('success', `${fileName} indirildi.`)
      await reload()
    } catch {
      showNotice('error', msg.programDownloadError)
    } finally {
      setDownloading((ids) => {
        const next = new Set(ids)
        next.delete(program.id)
        return next
      })
    }
  }

  return (
    <div className="programs">
      <Notice notice={notice} className="programs__notice" />
      {programs.length === 0 ? (
        <p className="empty-state">Henüz indirilebilir program bulunmuyor.</p>
      ) : (
        <ul className="programs__grid">
          {programs.map((program) => (
            <li key={program.id} className="card program-card" data-program-id={program.id}>
              <div className="program-card__head">
                {program.logo ? (
                  <PictureImg
                    className="program-card__logo"
                    picture={program.logoPicture ?? { src: program.logo, width: 64, height: 64, sources: [] }}
                    alt=""
                    sizes="64px"
                  />
                ) : (
                  <span className="program-card__logo program-card__logo--empty" aria-hidden="true">
                    {program.name.slice(0, 1)}
                  </span>
                )}
                <div>
                  <h2 className="program-card__name">{program.name}</h2>
                  <span className="program-card__version">Sürüm {program.version}</span>
                </div>
              </div>
              <p className="program-card__description">{program.description}</p>
              <dl className="program-card__facts">
                <div>
                  <dt>Dosya boyutu</dt>
                  <dd>{program.hasFile ? formatFileSize(program.fileSize) : '—'}</dd>
                </div>
                {program.downloads !== null && (
                  <div>
                    <dt>İndirme sayısı</dt>
                    <dd data-testid="download-count">{program.downloads.toLocaleString('tr-TR')}</dd>
                  </div>
                )}
              </dl>
              {program.hasFile ? (
                <button
                  type="button"
                  className="btn btn--primary program-card__button"
                  disabled={!hydrated || downloading.has(program.id)}
                  aria-label={`${downloading.has(program.id) ? 'İndiriliyor...' : 'İndir'}: ${program.name}`}
                  onClick={() => void download(program)}
                >
                  {downloading.has(program.id) ? 'İndiriliyor...' : 'İndir'}
                </button>
              ) : (
                <button
                  type="button"
                  className="btn program-card__button program-card__button--none"
                  disabled
                >
                  {msg.programNoFile}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
