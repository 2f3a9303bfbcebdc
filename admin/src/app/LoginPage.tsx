import { useState, type FormEvent } from 'react'
import { msg } from '#schema/messages.ts'
import { loginSchema, type PublicUser } from '#schema/user.ts'
import { api, errorText } from '../lib/api-client.ts'
import { setAdminUser } from '../lib/auth.ts'
import { validateForm, type FieldErrors } from '../lib/validate.ts'
import { Button } from '../components/ui/Button.tsx'
import { Notice } from '../components/ui/Notice.tsx'
import { TextField } from '../components/ui/TextField.tsx'

/** Admin login: e-mail and password; on success the returned user is stored as adminUser. */
export function LoginPage() {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [fields, setFields] = useState<FieldErrors>({})
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    setError('')
    const checked = validateForm(loginSchema, { email, password })
    if (!checked.ok) return setFields(checked.fields)
    setFields({})
    setBusy(true)
    try {
      const res = await api.post<{ data: { user: PublicUser } }>('/api/admin/login', checked.data)
      setAdminUser(res.data.user)
    } catch (err) {
      setError(errorText(err, msg.adminLoginError))
      setBusy(false)
    }
  }

  return (
    <main className="login">
      <form className="login__card card" onSubmit={submit} noValidate>
        <h1 className="login__title">Yönetim Paneli Girişi</h1>
        {error && <Notice type="error">{error}</Notice>}
        <TextField
          label="E-posta"
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={setEmail}
          error={fields.email}
        />
        <TextField
          label="Şifre"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
          error={fields.password}
        />
        <Button type="submit" busy={busy} busyLabel="Giriş yapılıyor..." className="login__submit">
          Giriş Yap
        </Button>
        <a className="login__back" href="/">
          Siteye dön
        </a>
      </form>
    </main>
  )
}
