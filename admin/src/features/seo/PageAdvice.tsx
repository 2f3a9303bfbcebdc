import { useSeo } from './get-seo.ts'
import { IssueList } from './IssueList.tsx'
import './seo.css'

/**
 * 'Bu yazı için öneriler' in an editor: the SEO findings of the item's live page (checked after each publish).
 * Nothing is shown for an item that has no live page yet (a draft).
 */
export function PageAdvice({ path, title }: { path: string; title: string }) {
  const { data } = useSeo({ path })
  if (!data) return null
  const page = data.pages.find((p) => p.path === path)
  const checked = data.checkedAt !== null
  return (
    <section className="seo-advice" aria-label={title}>
      <h2 className="seo-advice__title">{title}</h2>
      {page ? (
        <IssueList issues={page.issues} />
      ) : (
        <p className="muted">
          {checked ? 'Yayındaki sayfada bir sorun bulunmadı.' : 'Sayfalar henüz denetlenmedi.'}
        </p>
      )}
    </section>
  )
}
