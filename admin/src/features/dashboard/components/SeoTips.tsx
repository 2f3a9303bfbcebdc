import { Link } from 'react-router'
import { Card } from '../../../components/ui/Card.tsx'
import { LoadError } from '../../../components/ui/LoadError.tsx'
import { Spinner } from '../../../components/ui/Spinner.tsx'
import { useSeo } from '../../seo/get-seo.ts'
import { IssueList } from '../../seo/IssueList.tsx'
import '../../seo/seo.css'

/** How many pages the card lists; the rest are counted. */
const SHOWN = 6

/**
 * The spec's 'SEO İpuçları' card, from the real pages (issue 32): the live pages' findings, worst first, each with
 * the page and a link to the editor of its content.
 */
export function SeoTips() {
  const { data, isPending, error } = useSeo({ limit: SHOWN })
  return (
    <Card title="SEO İpuçları">
      {error ? (
        <LoadError fallback="SEO önerileri yüklenirken hata oluştu!" error={error} />
      ) : isPending ? (
        <Spinner />
      ) : data.pages.length === 0 ? (
        <p className="muted">
          {data.checkedAt
            ? `Yayındaki ${data.checkedPages.toLocaleString('tr-TR')} sayfada bir sorun bulunmadı.`
            : 'Sayfalar bir sonraki yayında denetlenecek.'}
        </p>
      ) : (
        <>
          <ul className="seo-tips">
            {data.pages.slice(0, SHOWN).map((p) => (
              <li key={p.path}>
                <div className="seo-tips__head">
                  <span>{p.title || 'Başlıksız sayfa'}</span>
                  {p.edit && (
                    <Link to={p.edit} aria-label={`${p.title || 'Sayfa'}: düzenle`}>
                      Düzenle
                    </Link>
                  )}
                </div>
                <IssueList issues={p.issues} />
              </li>
            ))}
          </ul>
          {data.pages.length > SHOWN && (
            <p className="muted">
              ve {(data.pages.length - SHOWN).toLocaleString('tr-TR')} sayfada daha öneri var.
            </p>
          )}
        </>
      )}
    </Card>
  )
}
