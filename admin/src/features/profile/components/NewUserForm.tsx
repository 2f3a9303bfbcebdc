import { useState, type FormEvent, type RefObject } from 'react'
import { msg } from '#schema/messages.ts'
import { userCreateSchema, type AdminRole } from '#schema/user.ts'
import { errorText } from '../../../lib/api-client.ts'
import { requirePassword, validateForm, type FieldErrors } from '../../../lib/validate.ts'
import { Button } from '../../../components/ui/Button.tsx'
import { useFormDraft } from '../../../hooks/useFormDraft.tsx'
import { Select } from '../../../components/ui/Select.tsx'
import { TextField } from '../../../components/ui/TextField.tsx'
import { useCreateUser } from '../api/create-user.ts'
import { roleOptions } from './role-options.ts'

type Props = {
  onDone: (text: string) => void
  onError: (text: string) => void
  /** Set to the form's 'İptal' question: the card's own 'İptal' button asks it before closing the form. */
  leaveRef?: RefObject<(() => Promise<boolean>) | null>
}
const EMPTY = { name: '', email: '', role: 'admin' as AdminRole }

/** New admin user: name, e-mail and password required; role defaults to admin. */
export function NewUserForm({ onDone, onError, leaveRef }: Props) {
  const [values, setValues] = useState({ ...EMPTY, password: '' })
  const [fields, setFields] = useState<FieldErrors>({})
  // Issue 30: a new user typed and not created is kept in this browser; never the password.
  const kept = useFormDraft({
    form: 'kullanici',
    values: { name: values.name, email: values.email, role: values.role },
    baseline: EMPTY,
    restore: (v) => setValues((old) => ({ ...old, ...v })),
  })
  if (leaveRef) leaveRef.current = kept.confirmLeave
  const create = useCreateUser()
  const set = (key: keyof typeof values) => (v: string) => setValues((old) => ({ ...old, [key]: v }))

  function submit(e: FormEvent) {
    e.preventDefault()
    const checked = validateForm(userCreateSchema, values)
    if (!checked.ok) return setFields(requirePassword(checked.fields, values.password))
    setFields({})
    create.mutate(checked.data, {
      onSuccess: () => {
        kept.saved()
        onDone(msg.userCreated)
      },
      onError: (error) => onError(errorText(error, msg.userCreateError)),
    })
  }

  return (
    <>
      {kept.offer}
      <form className="form subform" onSubmit={submit} noValidate aria-label="Yeni kullanıcı">
        <div className="form-row">
          <TextField
            label="Ad Soyad"
            required
            value={values.name}
            onChange={set('name')}
            error={fields.name}
          />
          <TextField
            label="E-posta"
            type="email"
            required
            value={values.email}
            onChange={set('email')}
            error={fields.email}
          />
        </div>
        <div className="form-row">
          <TextField
            label="Şifre"
            type="password"
            required
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
            error={fields.password}
          />
          <Select label="Rol" options={roleOptions} value={values.role} onChange={set('role')} />
        </div>
        <div className="actions">
          <Button type="submit" busy={create.isPending}>
            Kullanıcı Oluştur
          </Button>
        </div>
      </form>
    </>
  )
}
