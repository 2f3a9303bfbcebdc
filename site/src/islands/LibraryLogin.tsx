import { useState, type FormEvent } from 'react'
import type { PublicMember } from '#schema/library-member.ts'
import { msg } from '#schema/messages.ts'
import { callApi, messageOf } from '../lib/island-api.ts'

type Props = { onLogin: (member: PublicMember) => void }

/** E-mail and password form; POST /api/library/login hands back the member to store. */
export function LibraryLogin({ onLogin }: Props) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [sending, setSending] = useState(false)
  const [error, setError] = useState('')

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (sending) return
    setSending(true)
    setError('')
    const result = await callApi('/api/library/login', { json: { email: email.trim(), password } })
    setSending(false)
    const member = result.body.member
    if (result.ok && member && typeof member === 'object') onLogin(member as PublicMember)
    else setError(messageOf(result.body, msg.libraryLoginError))
  }

  return (
    // noValidate: the server's Turkish messages, not the browser's bubble in its own language.
    <form className="card library-login" noValidate onSubmit={submit} aria-busy={sending}>
      <h2 className="library-login__title">Üye Girişi</h2>
      <p className="library-login__lead">Kütüphaneye erişmek için üye bilgilerinizle giriş yapın.</p>
      <div className="library-login__field">
        <label htmlFor="library-email">E-posta</label>
        <input
          id="library-email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="library-login__field">
        <label htmlFor="library-password">Şifre</label>
        <input
          id="library-password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <div role="alert" className="library-login__alert">
        {error && <p className="notice notice--error">{error}</p>}
      </div>
      <button type="submit" className="btn btn--primary" disabled={sending}>
        {sending ? 'Giriş yapılıyor...' : 'Giriş Yap'}
      </button>
    </form>
  )
}
