import { formatFileSize } from '#schema/file-size.ts'
import { msg } from '#schema/messages.ts'
import { Button } from '../../../components/ui/Button.tsx'
import type { AdminProgram } from '../api/get-programs.ts'

type Props = {
  programs: AdminProgram[]
  onEdit: (p: AdminProgram) => void
  onDelete: (p: AdminProgram) => void
  deletingId?: string
}

/** Programs with logo, version, file size and downloads; Edit and Delete per row. */
export function ProgramTable({ programs, onEdit, onDelete, deletingId }: Props) {
  return (
    <div className="table-wrap card card--flush">
      <table className="table table--stack">
        <thead>
          <tr>
            <th scope="col">Program</th>
            <th scope="col">Versiyon</th>
            <th scope="col">Dosya</th>
            <th scope="col">İndirme</th>
            <th scope="col">İşlemler</th>
          </tr>
        </thead>
        <tbody>
          {programs.map((p) => (
            <tr key={p.id}>
              <td data-label="Program">
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
              </td>
              <td data-label="Versiyon">{p.version}</td>
              <td data-label="Dosya">
                {p.hasFile === false || !p.fileName ? (
                  <span className="badge">{msg.programNoFile}</span>
                ) : (
                  <>
                    <span className="break">{p.fileName}</span>
                    <br />
                    <span className="muted">{formatFileSize(p.fileSize ?? 0)}</span>
                  </>
                )}
              </td>
              <td data-label="İndirme">{(p.downloads ?? 0).toLocaleString('tr-TR')}</td>
              <td className="table__actions">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onEdit(p)}
                  aria-label={`${p.name} düzenle`}
                >
                  Düzenle
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => onDelete(p)}
                  busy={deletingId === p.id}
                  busyLabel="Siliniyor..."
                  aria-label={`${p.name} sil`}
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
