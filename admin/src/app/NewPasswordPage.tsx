import { useState, type FormEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { msg } from '#schema/messages.ts'
import type { PublicUser } from '#schema/user.ts'
import { api, ApiError, errorText } from '../lib/api-client.ts'
import { clearAdminUser, setAdminUser, type AdminUser } from '../lib/auth.ts'
import { Button } from '../components/ui/Button.tsx'
import { Notice } from '../components/ui/Notice.tsx'
import { TextField } from '../components/ui/TextField.tsx'

const MIN = 8

/**
 * 'Yeni şifrenizi belirleyin': shown before anything else while the user's password is a one-time one from
 * `npm run admin:reset-password` (the server refuses every other call meanwhile). Saves through the user's own
 * profile update, which asks for the current (one-time) password.
 */
export function NewPasswordPage({ user }: { user: AdminUser }) {
  const queryClient = useQueryClient()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [again, setAgain] = useState('')
  const [fields, setFields] = useState<Record<string, string>>({})
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    setError('')
    const problems: Record<string, string> = {}
    if (!current) problems.currentPassword = msg.required
    if (next.length < MIN) problems.password = msg.passwordTooShort
    else if (next === current) problems.password = 'Yeni şifre, tek kullanımlık şifreden farklı olmalıdır.'
    if (again !== next) problems.again = 'Şifreler eşleşmiyor.'
    setFields(problems)
    if (Object.keys(problems).length) return
    setBusy(true)
    try {
      const res = await api.put<{ data: PublicUser }>(`/api/admin/users/${user.id}`, {
        name: user.name,
        email: user.email,
        role: user.role,
        password: next,
        currentPassword: current,
      })
      queryClient.clear()
      setAdminUser(res.data)
    } catch (err) {
      if (err instanceof ApiError) setFields(err.fields)
      setError(errorText(err, msg.profileUpdateError))
      setBusy(false)
    }
  }

  async function logout() {
    await api.post('/api/admin/logout').catch(() => {})
    queryClient.clear()
    clearAdminUser()
  }

  return (
    <main className="login">
      <form className="login__card card" onSubmit={submit} noValidate aria-labelledby="new-password-title">
        <h1 className="login__title" id="new-password-title">
          Yeni şifrenizi belirleyin
        </h1>
        <p className="muted">
          Şifreniz sunucuda sıfırlandı. Devam etmek için size verilen tek kullanımlık şifreyi ve kendi yeni
          şifrenizi girin.
        </p>
        {error && <Notice type="error">{error}</Notice>}
        <TextField
          label="Tek kullanımlık şifre"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={setCurrent}
          error={fields.currentPassword}
        />
        <TextField
          label="Yeni şifre"
          type="password"
          autoComplete="new-password"
          required
          hint={`En az ${MIN} karakter.`}
          value={next}
          onChange={setNext}
          error={fields.password}
        />
        <TextField
          label="Yeni şifre (tekrar)"
          type="password"
          autoComplete="new-password"
          required
          value={again}
          onChange={setAgain}
          error={fields.again}
        />
        <Button type="submit" busy={busy} busyLabel="Kaydediliyor..." className="login__submit">
          Yeni şifreyi kaydet
        </Button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={logout}>
          Çıkış Yap
        </button>
      </form>
    </main>
  )
}
