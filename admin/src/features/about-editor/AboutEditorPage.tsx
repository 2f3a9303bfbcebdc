import { useState } from 'react'
import { msg } from '#schema/messages.ts'
import { RefusedFileNotice } from '../../components/RefusedFileNotice.tsx'
import { LoadError } from '../../components/ui/LoadError.tsx'
import { PageHeader } from '../../components/ui/PageHeader.tsx'
import { Spinner } from '../../components/ui/Spinner.tsx'
import { useAbout } from './api/get-about.ts'
import { AboutEditor } from './components/AboutEditor.tsx'

/** /admin/hakkimizda-duzenle: the who-are-we editor. */
export default function AboutEditorPage() {
  const about = useAbout()
  // A restore or taking another admin's version loads the page again and starts the editor afresh.
  const [generation, setGeneration] = useState(0)
  const reload = async () => {
    await about.refetch()
    setGeneration((g) => g + 1)
  }
  return (
    <>
      <PageHeader title="Biz Kimiz Düzenle" description="Biz Kimiz ve Hakkımızda sayfalarındaki iki bölüm." />
      <RefusedFileNotice files={['about.json']} />
      {about.isPending ? (
        <Spinner />
      ) : about.isError ? (
        <LoadError fallback={msg.aboutLoadError} error={about.error} />
      ) : (
        <AboutEditor key={generation} initial={about.data} onReload={() => void reload()} />
      )}
    </>
  )
}
