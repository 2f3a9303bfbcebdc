import { msg } from '#schema/messages.ts'
import { LoadError } from '../../components/ui/LoadError.tsx'
import { PageHeader } from '../../components/ui/PageHeader.tsx'
import { Spinner } from '../../components/ui/Spinner.tsx'
import { useAbout } from './api/get-about.ts'
import { AboutEditor } from './components/AboutEditor.tsx'

/** /admin/hakkimizda-duzenle: the who-are-we editor. */
export default function AboutEditorPage() {
  const about = useAbout()
  return (
    <>
      <PageHeader title="Biz Kimiz Düzenle" description="Biz Kimiz ve Hakkımızda sayfalarındaki iki bölüm." />
      {about.isPending ? (
        <Spinner />
      ) : about.isError ? (
        <LoadError fallback={msg.aboutLoadError} error={about.error} />
      ) : (
        <AboutEditor initial={about.data} />
      )}
    </>
  )
}
