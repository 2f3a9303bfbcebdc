import { msg } from '#schema/messages.ts'
import { LoadError } from '../../../components/ui/LoadError.tsx'
import { Spinner } from '../../../components/ui/Spinner.tsx'
import { useBlog } from '../api/get-blog.ts'
import { PageAdvice } from '../../seo/PageAdvice.tsx'
import { BlogForm } from './BlogForm.tsx'

type Props = {
  id: string
  onSaved: (message: string) => void
  onCancel: () => void
  onError: (text: string) => void
}

/** The edit form of one post, filled from GET /api/admin/blogs/{id} (the list rows carry no body). */
export function BlogEditor({ id, ...formProps }: Props) {
  const post = useBlog(id)
  if (post.isPending) return <Spinner />
  if (post.isError) return <LoadError fallback={msg.blogLoadError} error={post.error} />
  // Keyed by version: after a reload the form starts again from the post as it is now.
  return (
    <>
      <PageAdvice path={`/blog/${post.data.slug || post.data.id}`} title="Bu yazı için öneriler" />
      <BlogForm key={post.data.version} post={post.data} onReload={() => void post.refetch()} {...formProps} />
    </>
  )
}
