import { useState, type FormEvent } from 'react'
import { msg } from '#schema/messages.ts'
import { Button } from '../../components/ui/Button.tsx'
import { Card } from '../../components/ui/Card.tsx'
import { Notice } from '../../components/ui/Notice.tsx'
import { PageHeader } from '../../components/ui/PageHeader.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { api, errorText } from '../../lib/api-client.ts'
import { confirmAction } from '../../lib/confirm.ts'

type Found = { messages: number; member: boolean; auditEntries: number }

const n = (v: number) => v.toLocaleString('tr-TR')

/**
 * /admin/kisisel-veri-silme (superadmins, KVKK): what the site keeps about one e-mail address, and its deletion
 * (contact messages, the library member, the address and name in the audit log's texts).
 */
export default function PersonalDataPage() {
  const [email, setEmail] = useState('')
  const [found, setFound] = useState<{ email: string; data: Found } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function search(e: FormEvent) {
    e.preventDefault()
    setError(null)
    setDone(null)
    setFound(null)
    setBusy(true)
    try {
      const res = await api.get<{ data: Found }>(
        `/api/admin/personal-data?email=${encodeURIComponent(email)}`,
      )
      setFound({ email: email.trim().toLowerCase(), data: res.data })
    } catch (err) {
      setError(errorText(err, msg.genericError))
    } finally {
      setBusy(false)
    }
  }

  async function erase() {
    if (!found) return
    const question = `${found.email} adresine ait tüm kişisel veriler silinsin mi? Bu işlem geri alınamaz.`
    if (!(await confirmAction(question, { title: 'Kişisel veri silme' }))) return
    setBusy(true)
    try {
      const res = await api.sendVersioned<{ message?: string }>('DELETE', '/api/admin/personal-data', {
        email: found.email,
      })
      setDone(res.data?.message ?? msg.personalDataErased)
      setFound(null)
      setEmail('')
    } catch (err) {
      setError(errorText(err, msg.genericError))
    } finally {
      setBusy(false)
    }
  }

  const nothing = found && found.data.messages === 0 && !found.data.member && found.data.auditEntries === 0
  return (
    <>
      <PageHeader
        title="Kişisel veri silme"
        description="Bir kişi verilerinin silinmesini istediğinde (KVKK), e-posta adresiyle sitede saklanan her şeyi bulun ve silin."
      />
      {done && <Notice type="success">{done}</Notice>}
      {error && <Notice type="error">{error}</Notice>}
      <Card title="E-posta adresiyle ara">
        <form className="form" onSubmit={search} noValidate aria-label="Kişisel veri arama">
          <TextField
            label="E-posta adresi"
            type="email"
            value={email}
            onChange={setEmail}
            required
            autoComplete="off"
          />
          <div>
            <Button type="submit" busy={busy} busyLabel="Aranıyor..." disabled={!email.trim()}>
              Ara
            </Button>
          </div>
        </form>
        {found && (
          <div className="personal-data-result" role="status">
            {nothing ? (
              <p>Bu e-posta adresine ait saklanan bir veri yok.</p>
            ) : (
              <>
                <p>{found.email} adresine ait saklananlar:</p>
                <ul>
                  <li>{n(found.data.messages)} iletişim mesajı</li>
                  <li>{found.data.member ? 'Bir kütüphane üyeliği' : 'Kütüphane üyeliği yok'}</li>
                  <li>{n(found.data.auditEntries)} işlem geçmişi kaydında adı veya adresi</li>
                </ul>
                <p className="muted">
                  Mesajlar ve üyelik silinir; işlem geçmişi kayıtları kalır, içlerindeki ad ve e-posta adresi
                  silinir. Silme işlemi, silinen bilgiler olmadan işlem geçmişine yazılır.
                </p>
                <Button variant="danger" onClick={() => void erase()} busy={busy} busyLabel="Siliniyor...">
                  Tümünü sil
                </Button>
              </>
            )}
          </div>
        )}
      </Card>
    </>
  )
}
