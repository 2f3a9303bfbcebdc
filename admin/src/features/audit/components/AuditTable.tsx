import type { AuditEntry } from '#schema/audit.ts'
import { AuditRequestDetails } from '../../../components/AuditRequestDetails.tsx'
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
        {e.status >= 400 && <span className="badge badge--danger audit__failed">Başarısız</span>}
        <AuditRequestDetails entry={e} />
      </>
    ),
  },
]

/** The audit log as a table (one card per row on phones); the request behind each row under 'Ayrıntılar'. */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  return <DataTable rows={entries} rowKey={(e) => String(e.id)} columns={columns} stack />
}
