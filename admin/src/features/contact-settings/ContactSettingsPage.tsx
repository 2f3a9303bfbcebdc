import { PageHeader } from '../../components/ui/PageHeader.tsx'
import { Spinner } from '../../components/ui/Spinner.tsx'
import { useContactSettings } from './api/get-contact-settings.ts'
import { ContactSettingsForm } from './components/ContactSettingsForm.tsx'

/** /admin/iletisim-ayarlari. A failed load is only logged (spec): the form opens empty. */
export default function ContactSettingsPage() {
  const settings = useContactSettings()
  if (settings.isError) console.error(settings.error)
  return (
    <>
      <PageHeader
        title="İletişim Ayarları"
        description="Logo, iletişim bilgileri ve sosyal medya bağlantıları."
      />
      {settings.isPending ? <Spinner /> : <ContactSettingsForm initial={settings.data ?? {}} />}
    </>
  )
}
