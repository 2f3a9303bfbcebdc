import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { msg } from '#schema/messages.ts'
import { RefusedFileNotice } from '../../components/RefusedFileNotice.tsx'
import { StatusDock } from '../../components/StatusDock.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { PageHeader } from '../../components/ui/PageHeader.tsx'
import { usePagedSearch } from '../../hooks/usePagedSearch.ts'
import { useTimedMessage } from '../../hooks/useTimedMessage.ts'
import { ApiError } from '../../lib/api-client.ts'
import { confirmAction } from '../../lib/confirm.ts'
import { useDeleteBlog } from './api/delete-blog.ts'
import type { BlogRow } from './api/get-blogs.ts'
import { BlogEditor } from './components/BlogEditor.tsx'
import { BlogForm } from './components/BlogForm.tsx'
import { BlogListSection } from './components/BlogListSection.tsx'

type Mode = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; id: string }

/** /admin/blog-duzenle: the post list, and the form for a new (also ?yeni=1) or edited post. */
export default function BlogPage() {
  const [params, setParams] = useSearchParams()
  // ?duzenle=<id> opens that post's editor (the dashboard's SEO tips link there).
  const [mode, setMode] = useState<Mode>(() =>
    params.get('yeni') === '1'
      ? { kind: 'new' }
      : params.get('duzenle')
        ? { kind: 'edit', id: params.get('duzenle')! }
        : { kind: 'list' },
  )
  const paging = usePagedSearch()
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
  const formKey = useMemo(() => (mode.kind === 'edit' ? mode.id : mode.kind), [mode])

  function toList() {
    setMode({ kind: 'list' })
    if (params.has('yeni') || params.has('duzenle')) setParams({}, { replace: true })
  }

  const formHandlers = {
    onSaved: (text: string) => {
      show('success', text)
      setPublished(Date.now())
      toList()
    },
    onCancel: toList,
    onError: (text: string) => show('error', text),
  }

  async function del(post: BlogRow) {
    if (!(await confirmAction(`"${post.title}" yazısı silinsin mi?`))) return
    try {
      const res = await remove.mutateAsync({ id: post.id, version: post.version })
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
      <RefusedFileNotice files={['blogs.json']} />
      <StatusDock message={message} published={published} />
      {mode.kind === 'list' ? (
        <BlogListSection
          paging={paging}
          onEdit={(post) => setMode({ kind: 'edit', id: post.id })}
          onDelete={del}
        />
      ) : mode.kind === 'edit' ? (
        <BlogEditor key={formKey} id={mode.id} {...formHandlers} />
      ) : (
        <BlogForm key={formKey} {...formHandlers} />
      )}
    </div>
  )
}
