import type { AuditEntry } from '#schema/audit.ts'
import { DataTable, type Column } from '../../../components/DataTable.tsx'
import { formatDateTime } from '../../../utils/format-date.ts'

const columns: Column<AuditEntry>[] = [
  { header: 'Zaman', cell: (e) => <time dateTime={e.at}>{formatDateTime(e.at)}</time> },
  {
    header: 'Kullanıcı',
    cell: (e) => (e.userName ? `${e.userName} (${e.userEmail})` : (e.userEmail ?? '—')),
  },
  {
    header: 'İşlem',
    cell: (e) => (
      <>
        {e.action}
        {e.status >= 400 && <span className="badge badge--danger audit__failed">Başarısız ({e.status})</span>}
      </>
    ),
  },
  { header: 'İstek', cell: (e) => <code className="audit__request">{`${e.method} ${e.path}`}</code> },
]

/** The audit log as a table (one card per row on phones). */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  return <DataTable rows={entries} rowKey={(e) => String(e.id)} columns={columns} stack />
}
