import { useState, type FormEvent } from 'react'
import { msg } from '#schema/messages.ts'
import { userUpdateSchema, type AdminRole } from '#schema/user.ts'
import { ApiError, errorText } from '../../../lib/api-client.ts'
import type { AdminUser } from '../../../lib/auth.ts'
import { validateForm, type FieldErrors } from '../../../lib/validate.ts'
import { useTimedMessage } from '../../../hooks/useTimedMessage.ts'
import { useFormDraft } from '../../../hooks/useFormDraft.tsx'
import { Button } from '../../../components/ui/Button.tsx'
import { Card } from '../../../components/ui/Card.tsx'
import { Notice } from '../../../components/ui/Notice.tsx'
import { Select } from '../../../components/ui/Select.tsx'
import { TextField } from '../../../components/ui/TextField.tsx'
import { useUpdateUser } from '../api/update-user.ts'
import { roleOptions } from './role-options.ts'

/** Own profile: name and e-mail required, blank password keeps the old one, role only for superadmins. */
export function OwnProfileForm({ user }: { user: AdminUser }) {
  const isSuper = user.role === 'superadmin'
  const [name, setName] = useState(user.name)
  const [email, setEmail] = useState(user.email)
  const [password, setPassword] = useState('')
  const [currentPassword, setCurrentPassword] = useState('')
  const [role, setRole] = useState<AdminRole>(user.role)
  const [fields, setFields] = useState<FieldErrors>({})
  // The stored user also changes when the own row is edited in user management: adopt its new values.
  const [seen, setSeen] = useState(user)
  if (seen !== user) {
    setSeen(user)
    setName(user.name)
    setEmail(user.email)
    setRole(user.role)
  }
  // Issue 30: name, e-mail and role typed and not saved are kept in this browser; never a password.
  const kept = useFormDraft({
    form: 'profil',
    itemId: user.id,
    values: { name, email, role },
    baseline: { name: user.name, email: user.email, role: user.role },
    restore: (v) => {
      setName(v.name)
      setEmail(v.email)
      if (isSuper) setRole(v.role)
    },
  })
  const update = useUpdateUser()
  const { message, show } = useTimedMessage(5000)

  function submit(e: FormEvent) {
    e.preventDefault()
    const checked = validateForm(userUpdateSchema, {
      name,
      email,
      password,
      currentPassword: currentPassword || undefined,
      role: isSuper ? role : undefined,
    })
    if (!checked.ok) return setFields(checked.fields)
    setFields({})
    update.mutate(
      { id: user.id, input: checked.data },
      {
        onSuccess: () => {
          kept.saved()
          setPassword('')
          setCurrentPassword('')
          show('success', msg.profileUpdated)
        },
        onError: (error) => {
          if (error instanceof ApiError) setFields(error.fields)
          show('error', errorText(error, msg.profileUpdateError))
        },
      },
    )
  }

  return (
    <Card title="Profil Bilgilerim">
      {kept.offer}
      <form className="form" onSubmit={submit} noValidate>
        <Notice message={message} />
        <div className="form-row">
          <TextField
            label="Ad Soyad"
            required
            value={name}
            onChange={setName}
            error={fields.name}
            autoComplete="name"
          />
          <TextField
            label="E-posta"
            type="email"
            required
            value={email}
            onChange={setEmail}
            error={fields.email}
            autoComplete="email"
          />
        </div>
        <div className="form-row">
          <TextField
            label="Yeni Şifre"
            type="password"
            value={password}
            onChange={setPassword}
            error={fields.password}
            autoComplete="new-password"
            hint="Boş bırakırsanız mevcut şifreniz değişmez."
          />
          <Select
            label="Rol"
            options={roleOptions}
            value={role}
            onChange={(v) => setRole(v as AdminRole)}
            disabled={!isSuper}
            hint={isSuper ? undefined : 'Rolünüzü yalnızca bir Süper Yönetici değiştirebilir.'}
          />
        </div>
        <div className="form-row">
          <TextField
            label="Mevcut Şifre"
            type="password"
            value={currentPassword}
            onChange={setCurrentPassword}
            error={fields.currentPassword}
            autoComplete="current-password"
            hint="Şifrenizi veya e-postanızı değiştirirken gereklidir."
          />
        </div>
        <div className="actions">
          <Button type="submit" busy={update.isPending}>
            Profili Güncelle
          </Button>
        </div>
      </form>
    </Card>
  )
}
