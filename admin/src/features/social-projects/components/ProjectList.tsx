import { Button } from '../../../components/ui/Button.tsx'
import { EmptyState } from '../../../components/ui/EmptyState.tsx'
import { formatDate } from '../../../utils/format-date.ts'
import type { AdminProject } from '../api/get-projects.ts'

type Props = {
  projects: AdminProject[]
  onEdit: (p: AdminProject) => void
  onDelete: (p: AdminProject) => void
}

/** All projects with status and project date, each with edit and delete. */
export function ProjectList({ projects, onEdit, onDelete }: Props) {
  if (projects.length === 0) return <EmptyState>Henüz proje yok.</EmptyState>
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Başlık</th>
            <th scope="col">Durum</th>
            <th scope="col">Proje tarihi</th>
            <th scope="col">
              <span className="visually-hidden">İşlemler</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {projects.map((p) => (
            <tr key={p.id}>
              <td>{p.title}</td>
              <td>
                {p.status === 'draft' ? (
                  <span className="badge">Taslak</span>
                ) : (
                  <span className="badge badge--success">Yayında</span>
                )}
              </td>
              <td>{formatDate(p.project_date || p.createdAt || p.created_at)}</td>
              <td>
                <div className="actions list-actions">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => onEdit(p)}
                    aria-label={`${p.title} düzenle`}
                  >
                    Düzenle
                  </Button>
                  <Button
                    variant="danger"
                    size="sm"
                    onClick={() => onDelete(p)}
                    aria-label={`${p.title} sil`}
                  >
                    Sil
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
