import { useIsMutating } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { msg } from '#schema/messages.ts'
import { RefusedFileNotice } from '../../components/RefusedFileNotice.tsx'
import { ConflictDialog } from '../../components/ConflictDialog.tsx'
import { HistoryButton } from '../../components/HistoryButton.tsx'
import { StatusDock } from '../../components/StatusDock.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { PageHeader } from '../../components/ui/PageHeader.tsx'
import { Spinner } from '../../components/ui/Spinner.tsx'
import { useTimedMessage } from '../../hooks/useTimedMessage.ts'
import { useHome } from './api/get-home.ts'
import { AboutSection } from './components/AboutSection.tsx'
import { BannerSection } from './components/BannerSection.tsx'
import { BlogSection } from './components/BlogSection.tsx'
import { PartnersSection } from './components/PartnersSection.tsx'
import { ServicesSection } from './components/ServicesSection.tsx'
import type { Feedback } from './hooks/feedback.ts'
import { handleSectionConflicts, type SectionConflict } from './section-guard.ts'
import type { HomeSection } from '#schema/home.ts'
import './home-editor.css'

/** /admin/anasayfa-duzenle: every home section, saved field by field. */
export default function HomeEditorPage() {
  const home = useHome()
  const saving = useIsMutating() > 0
  const { message, show } = useTimedMessage(3000)
  const [published, setPublished] = useState(0)
  const [conflict, setConflict] = useState<SectionConflict | null>(null)
  // A restore or taking another admin's version loads the home again and starts every section afresh.
  const [generation, setGeneration] = useState(0)
  useEffect(() => {
    handleSectionConflicts(setConflict)
    return () => handleSectionConflicts(null)
  }, [])
  const reload = async () => {
    await home.refetch()
    setGeneration((g) => g + 1)
  }
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

  if (home.isPending) return <Spinner />
  if (home.isError) {
    const server = home.error instanceof ApiError ? home.error.serverMessage : null
    return (
      <div className="home-editor__error" role="alert">
        <h1>{msg.homeLoadError}</h1>
        {server && server !== msg.homeLoadError && <p>{server}</p>}
        <button type="button" className="btn btn--secondary btn--md" onClick={() => home.refetch()}>
          Tekrar dene
        </button>
      </div>
    )
  }

  const data = home.data
  const historyOf = (section: HomeSection, what: string) => (
    <HistoryButton
      collection="home"
      id={section}
      what={what}
      onRestored={(text) => {
        feedback.ok(text)
        void reload()
      }}
      onError={feedback.fail}
    />
  )
  async function overwrite(c: SectionConflict) {
    setConflict(null)
    try {
      await c.overwrite()
      feedback.ok(msg.homeSaved)
      await reload()
    } catch (error) {
      feedback.fail(error instanceof Error ? error.message : msg.homeSaveError)
    }
  }
  return (
    <div className="home-editor">
      <PageHeader
        title="Anasayfa Düzenle"
        description="Metin alanları, alandan çıktığınızda kaydedilir."
        actions={saving ? <Spinner label={msg.saving} /> : undefined}
      />
      <RefusedFileNotice files={['home.json']} />
      <StatusDock message={message} published={published} />
      <ConflictDialog
        conflict={conflict?.conflict ?? null}
        loaded={conflict ? data[conflict.section] : null}
        onClose={() => setConflict(null)}
        onOverwrite={() => conflict && void overwrite(conflict)}
        onReload={() => {
          setConflict(null)
          void reload()
        }}
      />
      <div className="home-editor__sections" key={generation}>
        <BannerSection banner={data.banner} feedback={feedback} history={historyOf('banner', 'Banner')} />
        <ServicesSection services={data.services} feedback={feedback} history={historyOf('services', 'Hizmetler')} />
        <AboutSection about={data.about} feedback={feedback} history={historyOf('about', 'Hakkımızda bloğu')} />
        <PartnersSection partners={data.partners} feedback={feedback} history={historyOf('partners', 'İş ortakları')} />
        <BlogSection blog={data.blog} feedback={feedback} history={historyOf('blog', 'Blog bölümü')} />
      </div>
    </div>
  )
}
