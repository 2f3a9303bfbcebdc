import { useState, type FormEvent } from 'react'
import { msg } from '#schema/messages.ts'
import { userCreateSchema, type AdminRole } from '#schema/user.ts'
import { errorText } from '../../../lib/api-client.ts'
import { requirePassword, validateForm, type FieldErrors } from '../../../lib/validate.ts'
import { Button } from '../../../components/ui/Button.tsx'
import { Select } from '../../../components/ui/Select.tsx'
import { TextField } from '../../../components/ui/TextField.tsx'
import { useCreateUser } from '../api/create-user.ts'
import { roleOptions } from './role-options.ts'

type Props = { onDone: (text: string) => void; onError: (text: string) => void }

/** New admin user: name, e-mail and password required; role defaults to admin. */
export function NewUserForm({ onDone, onError }: Props) {
  const [values, setValues] = useState({ name: '', email: '', password: '', role: 'admin' as AdminRole })
  const [fields, setFields] = useState<FieldErrors>({})
  const create = useCreateUser()
  const set = (key: keyof typeof values) => (v: string) => setValues((old) => ({ ...old, [key]: v }))

  function submit(e: FormEvent) {
    e.preventDefault()
    const checked = validateForm(userCreateSchema, values)
    if (!checked.ok) return setFields(requirePassword(checked.fields, values.password))
    setFields({})
    create.mutate(checked.data, {
      onSuccess: () => onDone(msg.userCreated),
      onError: (error) => onError(errorText(error, msg.userCreateError)),
    })
  }

  return (
    <form className="form subform" onSubmit={submit} noValidate aria-label="Yeni kullanıcı">
      <div className="form-row">
        <TextField label="Ad Soyad" required value={values.name} onChange={set('name')} error={fields.name} />
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
  )
}
