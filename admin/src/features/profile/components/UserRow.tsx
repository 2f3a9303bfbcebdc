import { useState } from 'react'
import { useFormDraft } from '../../../hooks/useFormDraft.tsx'
import { msg } from '#schema/messages.ts'
import { roleLabels, userUpdateSchema, type AdminRole, type PublicUser } from '#schema/user.ts'
import { errorText } from '../../../lib/api-client.ts'
import { confirmAction } from '../../../lib/confirm.ts'
import { validateForm, type FieldErrors } from '../../../lib/validate.ts'
import { Button } from '../../../components/ui/Button.tsx'
import { Select } from '../../../components/ui/Select.tsx'
import { TextField } from '../../../components/ui/TextField.tsx'
import { useDeleteUser } from '../api/delete-user.ts'
import { useUpdateUser } from '../api/update-user.ts'
import { roleOptions } from './role-options.ts'

type Props = { user: PublicUser; isSelf: boolean; notify: (type: 'success' | 'error', text: string) => void }

/** One user: view mode with Edit (and Delete unless it is oneself), or inline edit with Save/Cancel. */
export function UserRow({ user, isSelf, notify }: Props) {
  const [editing, setEditing] = useState(false)
  const remove = useDeleteUser()
  const startEdit = () => setEditing(true)

  async function del() {
    if (!(await confirmAction(msg.userDeleteConfirm))) return
    remove.mutate(user.id, {
      onSuccess: () => notify('success', msg.userDeleted),
      onError: (error) => notify('error', errorText(error, msg.userDeleteError)),
    })
  }

  if (!editing)
    return (
      <tr>
        <td data-label="Ad Soyad">
          {user.name}
          {isSelf && <span className="badge badge--info self-badge">Siz</span>}
        </td>
        <td data-label="E-posta">{user.email}</td>
        <td data-label="Rol">{roleLabels[user.role] ?? user.role}</td>
        <td className="table__actions">
          <Button size="sm" variant="secondary" onClick={startEdit} aria-label={`${user.name} düzenle`}>
            Düzenle
          </Button>
          {!isSelf && (
            <Button
              size="sm"
              variant="danger"
              onClick={del}
              busy={remove.isPending}
              busyLabel="Siliniyor..."
              aria-label={`${user.name} sil`}
            >
              Sil
            </Button>
          )}
        </td>
      </tr>
    )

  return <UserEditRow user={user} notify={notify} onClose={() => setEditing(false)} />
}

/**
 * A user's row in edit mode. Issue 30: name, e-mail and role typed and not saved are kept in this browser (never the
 * password) and offered when the row is edited again; 'İptal' asks first.
 */
function UserEditRow({ user, notify, onClose }: Omit<Props, 'isSelf'> & { onClose: () => void }) {
  const [values, setValues] = useState({ name: user.name, email: user.email, password: '', role: user.role })
  const [fields, setFields] = useState<FieldErrors>({})
  const update = useUpdateUser()
  const set = (key: keyof typeof values) => (v: string) => setValues((old) => ({ ...old, [key]: v }))
  const kept = useFormDraft({
    form: 'kullanici',
    itemId: user.id,
    values: { name: values.name, email: values.email, role: values.role },
    baseline: { name: user.name, email: user.email, role: user.role },
    restore: (v) => setValues((old) => ({ ...old, ...v })),
  })

  function save() {
    const checked = validateForm(userUpdateSchema, values)
    if (!checked.ok) return setFields(checked.fields)
    update.mutate(
      { id: user.id, input: checked.data },
      {
        onSuccess: () => {
          kept.saved()
          onClose()
          notify('success', msg.userUpdated)
        },
        onError: (error) => notify('error', errorText(error, msg.userUpdateError)),
      },
    )
  }
  async function cancel() {
    if (await kept.confirmLeave()) onClose()
  }

  return (
    <>
      {kept.offer && (
        // Across the whole row: the offer is about all of its fields.
        <tr className="table__edit-row table__draft-row">
          <td colSpan={4}>{kept.offer}</td>
        </tr>
      )}
      <tr className="table__edit-row">
        <td>
          <TextField
            label="Ad Soyad"
            required
            value={values.name}
            onChange={set('name')}
            error={fields.name}
          />
        </td>
        <td>
          <TextField
            label="E-posta"
            type="email"
            required
            value={values.email}
            onChange={set('email')}
            error={fields.email}
          />
          <TextField
            label="Yeni Şifre"
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
            error={fields.password}
            hint="Boş bırakılırsa değişmez."
          />
        </td>
        <td>
          <Select
            label="Rol"
            options={roleOptions}
            value={values.role}
            onChange={(v) => setValues((o) => ({ ...o, role: v as AdminRole }))}
          />
        </td>
        <td className="table__actions">
          <Button size="sm" onClick={save} busy={update.isPending}>
            Kaydet
          </Button>
          <Button size="sm" variant="secondary" onClick={() => void cancel()}>
            İptal
          </Button>
        </td>
      </tr>
    </>
  )
}
