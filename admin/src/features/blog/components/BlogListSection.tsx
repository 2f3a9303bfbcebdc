import { useEffect, useRef } from 'react'
import { msg } from '#schema/messages.ts'
import { ListPager } from '../../../components/ListPager.tsx'
import { ListSearch } from '../../../components/ListSearch.tsx'
import { ScheduleFilter } from '../../../components/ScheduleFilter.tsx'
import { Card } from '../../../components/ui/Card.tsx'
import { LoadError } from '../../../components/ui/LoadError.tsx'
import { Spinner } from '../../../components/ui/Spinner.tsx'
import type { PagedSearch } from '../../../hooks/usePagedSearch.ts'
import { useBlogs, type BlogRow } from '../api/get-blogs.ts'
import { BlogList } from './BlogList.tsx'

type Props = {
  /** Page and search, kept by the page so they survive opening and closing the form. */
  paging: PagedSearch
  onEdit: (post: BlogRow) => void
  onDelete: (post: BlogRow) => void
}

/** The post list card: a debounced search box, one page of posts and the pager. */
export function BlogListSection({ paging, onEdit, onDelete }: Props) {
  const { page, q, state, setState, setPage, search, keepInRange } = paging
  const blogs = useBlogs({ page, q, state })
  const data = blogs.data
  const top = useRef<HTMLDivElement>(null)
  // A new page starts at its first row, not where the pager was.
  const toPage = (next: number) => {
    setPage(next)
    top.current?.scrollIntoView({ block: 'start' })
  }
  useEffect(() => {
    if (data) keepInRange(data.rows.length, data.total, data.pageSize)
  }, [data, keepInRange])

  return (
    <Card title="Blog yazıları">
      <div className="list-tools-row">
        <ListSearch
          label="Yazılarda ara"
          placeholder="Başlık, özet veya etiket"
          initial={q}
          onSearch={search}
        />
        <ScheduleFilter value={state} onChange={setState} />
      </div>
      {blogs.isPending ? (
        <Spinner />
      ) : blogs.isError || !data ? (
        <LoadError fallback={msg.blogLoadError} error={blogs.error} />
      ) : (
        <div ref={top} className="list-body" aria-busy={blogs.isPlaceholderData || undefined}>
          <BlogList
            posts={data.rows}
            emptyText={q ? 'Aramanızla eşleşen yazı bulunamadı.' : state === 'scheduled' ? 'Zamanlanmış yazı yok.' : 'Henüz blog yazısı yok.'}
            onEdit={onEdit}
            onDelete={onDelete}
          />
          <ListPager
            label="Blog yazıları sayfaları"
            page={page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={toPage}
          />
        </div>
      )}
    </Card>
  )
}
