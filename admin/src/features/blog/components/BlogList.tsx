import { PublishableTable } from '../../../components/PublishableTable.tsx'
import type { BlogRow } from '../api/get-blogs.ts'

type Props = {
  posts: BlogRow[]
  /** Shown instead of the table when the page has no posts. */
  emptyText: string
  onEdit: (post: BlogRow) => void
  onDelete: (post: BlogRow) => void
}

/** One page of posts with their status and date, each with edit and delete. */
export function BlogList({ posts, emptyText, onEdit, onDelete }: Props) {
  return (
    <PublishableTable
      items={posts}
      emptyText={emptyText}
      dateHeader="Tarih"
      dateOf={(post) => post.createdAt ?? post.created_at}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  )
}
