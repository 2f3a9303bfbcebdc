import { formatFileSize } from '#schema/file-size.ts'
import { msg } from '#schema/messages.ts'
import { DataTable } from '../../../components/DataTable.tsx'
import { RowActions } from '../../../components/ui/RowActions.tsx'
import type { AdminProgram } from '../api/get-programs.ts'

type Props = {
  programs: AdminProgram[]
  onEdit: (p: AdminProgram) => void
  onDelete: (p: AdminProgram) => void
  deletingId?: string
}

/** The program cell: logo, name and description. */
function ProgramCell({ program: p }: { program: AdminProgram }) {
  return (
    <div className="media-cell">
      {p.logoPath ? (
        <img src={p.logoPath} alt="" className="media-cell__thumb" />
      ) : (
        <span className="media-cell__thumb" />
      )}
      <div>
        <strong>{p.name}</strong>
        <p className="muted media-cell__text">{p.description}</p>
      </div>
    </div>
  )
}

/** The file cell: name and size, or 'no file' when the upload is missing. */
function FileCell({ program: p }: { program: AdminProgram }) {
  if (p.hasFile === false || !p.fileName) return <span className="badge">{msg.programNoFile}</span>
  return (
    <>
      <span className="break">{p.fileName}</span>
      <br />
      <span className="muted">{formatFileSize(p.fileSize ?? 0)}</span>
    </>
  )
}

/** Programs with logo, version, file size and downloads; Edit and Delete per row. */
export function ProgramTable({ programs, onEdit, onDelete, deletingId }: Props) {
  return (
    <DataTable
      stack
      className="card card--flush"
      rows={programs}
      rowKey={(p) => p.id}
      columns={[
        { header: 'Program', cell: (p) => <ProgramCell program={p} /> },
        { header: 'Versiyon', cell: (p) => p.version },
        { header: 'Dosya', cell: (p) => <FileCell program={p} /> },
        { header: 'İndirme', cell: (p) => (p.downloads ?? 0).toLocaleString('tr-TR') },
        {
          header: 'İşlemler',
          cellClassName: 'table__actions',
          unlabelled: true,
          cell: (p) => (
            <RowActions
              name={p.name}
              onEdit={() => onEdit(p)}
              onDelete={() => onDelete(p)}
              deleting={deletingId === p.id}
            />
          ),
        },
      ]}
    />
  )
}
