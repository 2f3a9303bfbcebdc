import type { PublicMember } from '#schema/library-member.ts'
import { Button } from '../../../components/ui/Button.tsx'
import { formatDate } from '../../../utils/format-date.ts'

type Props = {
  members: PublicMember[]
  onEdit: (m: PublicMember) => void
  onDelete: (m: PublicMember) => void
  deletingId?: string
}

/** The member list with role pills and Edit/Delete per row. */
export function MemberTable({ members, onEdit, onDelete, deletingId }: Props) {
  return (
    <div className="table-wrap card card--flush">
      <table className="table table--stack">
        <thead>
          <tr>
            <th scope="col">Ad Soyad</th>
            <th scope="col">E-posta</th>
            <th scope="col">Rol</th>
            <th scope="col">Kayıt Tarihi</th>
            <th scope="col">İşlemler</th>
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.id}>
              <td data-label="Ad Soyad">{m.name}</td>
              <td data-label="E-posta">{m.email}</td>
              <td data-label="Rol">
                <span className={`badge ${m.role === 'library_admin' ? 'badge--danger' : ''}`}>
                  {m.role === 'library_admin' ? 'Library Admin' : 'Üye'}
                </span>
              </td>
              <td data-label="Kayıt Tarihi">{formatDate(m.created_at)}</td>
              <td className="table__actions">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onEdit(m)}
                  aria-label={`${m.name} düzenle`}
                >
                  Düzenle
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => onDelete(m)}
                  busy={deletingId === m.id}
                  busyLabel="Siliniyor..."
                  aria-label={`${m.name} sil`}
                >
                  Sil
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
