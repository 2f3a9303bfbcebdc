import { PublishableTable } from '../../../components/PublishableTable.tsx'
import type { AdminProject } from '../api/get-projects.ts'

type Props = {
  projects: AdminProject[]
  onEdit: (p: AdminProject) => void
  onDelete: (p: AdminProject) => void
}

/** All projects with status and project date, each with edit and delete. */
export function ProjectList({ projects, onEdit, onDelete }: Props) {
  return (
    <PublishableTable
      items={projects}
      emptyText="Henüz proje yok."
      dateHeader="Proje tarihi"
      dateOf={(p) => p.project_date || p.createdAt || p.created_at}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  )
}
