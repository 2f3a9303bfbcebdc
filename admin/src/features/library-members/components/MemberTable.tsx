import { memberRoleLabels, type PublicMember } from '#schema/library-member.ts'
import { DataTable } from '../../../components/DataTable.tsx'
import { RowActions } from '../../../components/ui/RowActions.tsx'
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
    <DataTable
      stack
      className="card card--flush"
      rows={members}
      rowKey={(m) => m.id}
      columns={[
        { header: 'Ad Soyad', cell: (m) => m.name },
        { header: 'E-posta', cell: (m) => m.email },
        {
          header: 'Rol',
          cell: (m) => (
            <span className={`badge ${m.role === 'library_admin' ? 'badge--danger' : ''}`}>
              {memberRoleLabels[m.role] ?? memberRoleLabels.member}
            </span>
          ),
        },
        { header: 'Kayıt Tarihi', cell: (m) => formatDate(m.created_at) },
        {
          header: 'İşlemler',
          cellClassName: 'table__actions',
          unlabelled: true,
          cell: (m) => (
            <RowActions
              name={m.name}
              onEdit={() => onEdit(m)}
              onDelete={() => onDelete(m)}
              deleting={deletingId === m.id}
            />
          ),
        },
      ]}
    />
  )
}
