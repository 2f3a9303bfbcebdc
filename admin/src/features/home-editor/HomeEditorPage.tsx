import { useIsMutating } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { msg } from '#schema/messages.ts'
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
import './home-editor.css'

/** /admin/anasayfa-duzenle: every home section, saved field by field. */
export default function HomeEditorPage() {
  const home = useHome()
  const saving = useIsMutating() > 0
  const { message, show } = useTimedMessage(3000)
  const [published, setPublished] = useState(0)
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
  return (
    <div className="home-editor">
      <PageHeader
        title="Anasayfa Düzenle"
        description="Metin alanları, alandan çıktığınızda kaydedilir."
        actions={saving ? <Spinner label={msg.saving} /> : undefined}
      />
      <StatusDock message={message} published={published} />
      <BannerSection banner={data.banner} feedback={feedback} />
      <ServicesSection services={data.services} feedback={feedback} />
      <AboutSection about={data.about} feedback={feedback} />
      <PartnersSection partners={data.partners} feedback={feedback} />
      <BlogSection blog={data.blog} feedback={feedback} />
    </div>
  )
}
