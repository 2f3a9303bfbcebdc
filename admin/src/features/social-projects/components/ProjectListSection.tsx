import { useEffect, useRef } from 'react'
import { msg } from '#schema/messages.ts'
import { ListPager } from '../../../components/ListPager.tsx'
import { ListSearch } from '../../../components/ListSearch.tsx'
import { ScheduleFilter } from '../../../components/ScheduleFilter.tsx'
import { Card } from '../../../components/ui/Card.tsx'
import { LoadError } from '../../../components/ui/LoadError.tsx'
import { Spinner } from '../../../components/ui/Spinner.tsx'
import type { PagedSearch } from '../../../hooks/usePagedSearch.ts'
import { useProjects, type ProjectRow } from '../api/get-projects.ts'
import { ProjectList } from './ProjectList.tsx'

type Props = {
  /** Page and search, kept by the page so they survive opening and closing the form. */
  paging: PagedSearch
  onEdit: (project: ProjectRow) => void
  onDelete: (project: ProjectRow) => void
}

/** The project list card: a debounced search box, one page of projects and the pager. */
export function ProjectListSection({ paging, onEdit, onDelete }: Props) {
  const { page, q, state, setState, setPage, search, keepInRange } = paging
  const projects = useProjects({ page, q, state })
  const data = projects.data
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
    <Card title="Projeler">
      <div className="list-tools-row">
        <ListSearch label="Projelerde ara" placeholder="Başlık veya özet" initial={q} onSearch={search} />
        <ScheduleFilter value={state} onChange={setState} />
      </div>
      {projects.isPending ? (
        <Spinner />
      ) : projects.isError || !data ? (
        <LoadError fallback={msg.projectsLoadError} error={projects.error} />
      ) : (
        <div ref={top} className="list-body" aria-busy={projects.isPlaceholderData || undefined}>
          <ProjectList
            projects={data.rows}
            emptyText={q ? 'Aramanızla eşleşen proje bulunamadı.' : 'Henüz proje yok.'}
            onEdit={onEdit}
            onDelete={onDelete}
          />
          <ListPager
            label="Proje sayfaları"
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
