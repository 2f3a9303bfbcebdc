import { useRef, useState } from 'react'
import { msg } from '#schema/messages.ts'
import { useTimedMessage } from '../../../hooks/useTimedMessage.ts'
import { Button } from '../../../components/ui/Button.tsx'
import { Card } from '../../../components/ui/Card.tsx'
import { EmptyState } from '../../../components/ui/EmptyState.tsx'
import { LoadError } from '../../../components/ui/LoadError.tsx'
import { Notice } from '../../../components/ui/Notice.tsx'
import { Spinner } from '../../../components/ui/Spinner.tsx'
import { useUsers } from '../api/get-users.ts'
import { NewUserForm } from './NewUserForm.tsx'
import { UserRow } from './UserRow.tsx'

/** Superadmin area: the admin users, a toggled new-user form and inline row editing; messages clear after 5 s. */
export function UserManagement({ currentUserId }: { currentUserId: string }) {
  const users = useUsers(true)
  const [adding, setAdding] = useState(false)
  // The new-user form's question before 'İptal' closes it with unsaved input (issue 30).
  const leave = useRef<(() => Promise<boolean>) | null>(null)
  async function toggle() {
    if (adding && leave.current && !(await leave.current())) return
    setAdding(!adding)
  }
  const { message, show } = useTimedMessage(5000)

  return (
    <Card
      title="Kullanıcı Yönetimi"
      actions={
        <Button
          variant={adding ? 'secondary' : 'primary'}
          onClick={() => void toggle()}
          aria-expanded={adding}
        >
          {adding ? 'İptal' : 'Yeni Kullanıcı Ekle'}
        </Button>
      }
    >
      <div className="stack">
        <Notice message={message} />
        {adding && (
          <NewUserForm
            leaveRef={leave}
            onDone={(text) => {
              setAdding(false)
              show('success', text)
            }}
            onError={(text) => show('error', text)}
          />
        )}
        {users.isPending ? (
          <Spinner />
        ) : users.isError ? (
          <LoadError fallback={msg.genericError} error={users.error} />
        ) : users.data.length === 0 ? (
          <EmptyState>Henüz kullanıcı yok.</EmptyState>
        ) : (
          <div className="table-wrap">
            <table className="table table--stack">
              <thead>
                <tr>
                  <th scope="col">Ad Soyad</th>
                  <th scope="col">E-posta</th>
                  <th scope="col">Rol</th>
                  <th scope="col">İşlemler</th>
                </tr>
              </thead>
              <tbody>
                {users.data.map((u) => (
                  <UserRow key={u.id} user={u} isSelf={u.id === currentUserId} notify={show} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </Card>
  )
}
