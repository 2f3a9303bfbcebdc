import { Button } from '../../../components/ui/Button.tsx'
import { EmptyState } from '../../../components/ui/EmptyState.tsx'
import { formatDate } from '../../../utils/format-date.ts'
import type { AdminBlogPost } from '../api/get-blogs.ts'

type Props = {
  posts: AdminBlogPost[]
  onEdit: (post: AdminBlogPost) => void
  onDelete: (post: AdminBlogPost) => void
}

/** All posts with their status and date, each with edit and delete. */
export function BlogList({ posts, onEdit, onDelete }: Props) {
  if (posts.length === 0) return <EmptyState>Henüz blog yazısı yok.</EmptyState>
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Başlık</th>
            <th scope="col">Durum</th>
            <th scope="col">Tarih</th>
            <th scope="col">
              <span className="visually-hidden">İşlemler</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {posts.map((post) => (
            <tr key={post.id}>
              <td>{post.title}</td>
              <td>
                {post.status === 'draft' ? (
                  <span className="badge">Taslak</span>
                ) : (
                  <span className="badge badge--success">Yayında</span>
                )}
              </td>
              <td>{formatDate(post.createdAt ?? post.created_at)}</td>
              <td>
                <div className="actions list-actions">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => onEdit(post)}
                    aria-label={`${post.title} düzenle`}
                  >
                    Düzenle
                  </Button>
                  <Button
                    variant="danger"
                    size="sm"
                    onClick={() => onDelete(post)}
                    aria-label={`${post.title} sil`}
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
