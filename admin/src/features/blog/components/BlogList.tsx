import { PublishableTable } from '../../../components/PublishableTable.tsx'
import type { AdminBlogPost } from '../api/get-blogs.ts'

type Props = {
  posts: AdminBlogPost[]
  onEdit: (post: AdminBlogPost) => void
  onDelete: (post: AdminBlogPost) => void
}

/** All posts with their status and date, each with edit and delete. */
export function BlogList({ posts, onEdit, onDelete }: Props) {
  return (
    <PublishableTable
      items={posts}
      emptyText="Henüz blog yazısı yok."
      dateHeader="Tarih"
      dateOf={(post) => post.createdAt ?? post.created_at}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  )
}
