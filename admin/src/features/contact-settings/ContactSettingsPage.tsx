import { useState } from 'react'
import { RefusedFileNotice } from '../../components/RefusedFileNotice.tsx'
import { PageHeader } from '../../components/ui/PageHeader.tsx'
import { Spinner } from '../../components/ui/Spinner.tsx'
import { useContactSettings } from './api/get-contact-settings.ts'
import { ContactSettingsForm } from './components/ContactSettingsForm.tsx'

/** /admin/iletisim-ayarlari. A failed load is only logged (spec): the form opens empty. */
export default function ContactSettingsPage() {
  const settings = useContactSettings()
  // A restore or taking another admin's version loads the settings again and starts the form afresh.
  const [generation, setGeneration] = useState(0)
  const reload = async () => {
    await settings.refetch()
    setGeneration((g) => g + 1)
  }
  if (settings.isError) console.error(settings.error)
  return (
    <>
      <PageHeader
        title="İletişim Ayarları"
        description="Logo, iletişim bilgileri ve sosyal medya bağlantıları."
      />
      <RefusedFileNotice files={['contact-settings.json']} />
      {settings.isPending ? (
        <Spinner />
      ) : (
        <ContactSettingsForm key={generation} initial={settings.data ?? {}} onReload={() => void reload()} />
      )}
    </>
  )
}
