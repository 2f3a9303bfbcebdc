import { useState, type FormEvent } from 'react'
import { useFormDraft } from '../../../hooks/useFormDraft.tsx'
import { memberInputSchema, memberRoleLabels, type PublicMember } from '#schema/library-member.ts'
import { msg } from '#schema/messages.ts'
import { ApiError, errorText } from '../../../lib/api-client.ts'
import { requirePassword, validateForm, type FieldErrors } from '../../../lib/validate.ts'
import { Card } from '../../../components/ui/Card.tsx'
import { FormActions } from '../../../components/ui/FormActions.tsx'
import { Checkbox } from '../../../components/ui/Checkbox.tsx'
import { TextField } from '../../../components/ui/TextField.tsx'
import { useSaveMember } from '../api/save-member.ts'

type Props = {
  member: PublicMember | null
  onSaved: (text: string) => void
  onError: (text: string) => void
  onCancel: () => void
}

/** New or edit member: name, e-mail and password all required; 'Kütüphane Yöneticisi' sets role library_admin. */
export function MemberForm({ member, onSaved: saved, onError, onCancel: cancel }: Props) {
  const [name, setName] = useState(member?.name ?? '')
  const [email, setEmail] = useState(member?.email ?? '')
  const [password, setPassword] = useState('')
  const [isAdmin, setIsAdmin] = useState(member?.role === 'library_admin')
  const [fields, setFields] = useState<FieldErrors>({})
  const [baseline] = useState(() => ({ name, email, isAdmin }))
  // Issue 30: what is typed is kept in this browser until saved; never the password.
  const kept = useFormDraft({
    form: 'uye',
    itemId: member?.id,
    values: { name, email, isAdmin },
    baseline,
    restore: (v) => {
      setName(v.name)
      setEmail(v.email)
      setIsAdmin(v.isAdmin)
    },
  })
  const onSaved = (text: string) => {
    kept.saved()
    saved(text)
  }
  const onCancel = async () => {
    if (await kept.confirmLeave()) cancel()
  }
  const save = useSaveMember()
  const editing = member !== null

  function submit(e: FormEvent) {
    e.preventDefault()
    const checked = validateForm(memberInputSchema, {
      name,
      email,
      password,
      role: isAdmin ? 'library_admin' : 'member',
    })
    if (!checked.ok) return setFields(requirePassword(checked.fields, password))
    setFields({})
    save.mutate(
      { id: member?.id ?? null, input: checked.data },
      {
        onSuccess: () => onSaved(editing ? msg.memberUpdated : msg.memberAdded),
        onError: (error) => {
          if (error instanceof ApiError) setFields(error.fields)
          onError(errorText(error, editing ? msg.memberUpdateError : msg.memberAddError))
        },
      },
    )
  }

  return (
    <Card title={editing ? 'Üyeyi Düzenle' : 'Yeni Üye'}>
      {kept.offer}
      <form className="form" onSubmit={submit} noValidate>
        <div className="form-row">
          <TextField label="Ad Soyad" required value={name} onChange={setName} error={fields.name} />
          <TextField
            label="E-posta"
            type="email"
            required
            value={email}
            onChange={setEmail}
            error={fields.email}
          />
          <TextField
            label="Şifre"
            type="password"
            required
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            error={fields.password}
            hint={editing ? 'Düzenlerken de yeni bir şifre girilmelidir.' : undefined}
          />
        </div>
        <Checkbox label={memberRoleLabels.library_admin} checked={isAdmin} onChange={setIsAdmin} />
        <FormActions
          submitLabel={editing ? 'Güncelle' : 'Üye Ekle'}
          busy={save.isPending}
          onCancel={() => void onCancel()}
        />
      </form>
    </Card>
  )
}
