import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { msg } from '#schema/messages.ts'
import { StatusDock } from '../../components/StatusDock.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { Card } from '../../components/ui/Card.tsx'
import { LoadError } from '../../components/ui/LoadError.tsx'
import { PageHeader } from '../../components/ui/PageHeader.tsx'
import { Spinner } from '../../components/ui/Spinner.tsx'
import { useTimedMessage } from '../../hooks/useTimedMessage.ts'
import { ApiError } from '../../lib/api-client.ts'
import { confirmAction } from '../../lib/confirm.ts'
import { useDeleteBlog } from './api/delete-blog.ts'
import { useBlogs, type AdminBlogPost } from './api/get-blogs.ts'
import { BlogForm } from './components/BlogForm.tsx'
import { BlogList } from './components/BlogList.tsx'

type Mode = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; post: AdminBlogPost }

/** /admin/blog-duzenle: the post list, and the form for a new (also ?yeni=1) or edited post. */
export default function BlogPage() {
  const [params, setParams] = useSearchParams()
  const [mode, setMode] = useState<Mode>(() =>
    params.get('yeni') === '1' ? { kind: 'new' } : { kind: 'list' },
  )
  const blogs = useBlogs()
  const remove = useDeleteBlog()
  const { message, show } = useTimedMessage(5000)
  const [published, setPublished] = useState(0)
  // ?yeni=1 arriving while the page is already open (e.g. the dashboard's quick action) opens the form too.
  const wantsNew = params.get('yeni') === '1'
  const [sawWantsNew, setSawWantsNew] = useState(wantsNew)
  if (wantsNew !== sawWantsNew) {
    setSawWantsNew(wantsNew)
    if (wantsNew && mode.kind === 'list') setMode({ kind: 'new' })
  }
  const formKey = useMemo(() => (mode.kind === 'edit' ? mode.post.id : mode.kind), [mode])

  function toList() {
    setMode({ kind: 'list' })
    if (params.has('yeni')) setParams({}, { replace: true })
  }

  async function del(post: AdminBlogPost) {
    if (!confirmAction(`"${post.title}" yazısı silinsin mi?`)) return
    try {
      const res = await remove.mutateAsync(post.id)
      show('success', res.message ?? msg.blogDeleted)
      setPublished(Date.now())
    } catch (error) {
      const detail = error instanceof ApiError && error.serverMessage ? error.serverMessage : msg.genericError
      show('error', msg.blogDeleteError + detail)
    }
  }

  return (
    <div className="stack content-admin">
      <PageHeader
        title="Blog Yönetimi"
        actions={
          mode.kind === 'list' && <Button onClick={() => setMode({ kind: 'new' })}>+ Yeni blog yazısı</Button>
        }
      />
      <StatusDock message={message} published={published} />
      {mode.kind !== 'list' ? (
        <BlogForm
          key={formKey}
          post={mode.kind === 'edit' ? mode.post : undefined}
          onSaved={(text) => {
            show('success', text)
            setPublished(Date.now())
            toList()
          }}
          onCancel={toList}
          onError={(text) => show('error', text)}
        />
      ) : (
        <Card title="Blog yazıları">
          {blogs.isPending ? (
            <Spinner />
          ) : blogs.isError ? (
            <LoadError fallback={msg.blogLoadError} error={blogs.error} />
          ) : (
            <BlogList posts={blogs.data} onEdit={(post) => setMode({ kind: 'edit', post })} onDelete={del} />
          )}
        </Card>
      )}
    </div>
  )
}
