import { PublishableTable } from '../../../components/PublishableTable.tsx'
import type { ProjectRow } from '../api/get-projects.ts'

type Props = {
  projects: ProjectRow[]
  /** Shown instead of the table when the page has no projects. */
  emptyText: string
  onEdit: (p: ProjectRow) => void
  onDelete: (p: ProjectRow) => void
}

/** One page of projects with status and project date, each with edit and delete. */
export function ProjectList({ projects, emptyText, onEdit, onDelete }: Props) {
  return (
    <PublishableTable
      items={projects}
      emptyText={emptyText}
      dateHeader="Proje tarihi"
      dateOf={(p) => p.project_date || p.createdAt || p.created_at}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  )
}
