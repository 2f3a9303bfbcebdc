import { Button } from './ui/Button.tsx'
import './list-tools.css'

type Props = {
  page: number
  pageSize: number
  /** Items over all pages. */
  total: number
  onPage: (page: number) => void
  /** Name of the navigation for screen readers, e.g. 'Blog yazıları sayfaları'. */
  label: string
}

const number = (n: number) => n.toLocaleString('tr-TR')

/** 'N kayıttan X–Y' and the previous/next buttons of a paged list; the count is read out when it changes. */
export function ListPager({ page, pageSize, total, onPage, label }: Props) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize))
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1
  const to = Math.min(total, page * pageSize)
  return (
    <nav className="list-pager" aria-label={label}>
      <p className="list-pager__count" role="status">
        {total === 0 ? '0 kayıt' : `${number(total)} kayıttan ${number(from)}–${number(to)}`}
      </p>
      {pageCount > 1 && (
        <div className="list-pager__buttons">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            ← Önceki
          </Button>
          <span className="list-pager__page">
            Sayfa {number(page)} / {number(pageCount)}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
            Sonraki →
          </Button>
        </div>
      )}
    </nav>
  )
}
