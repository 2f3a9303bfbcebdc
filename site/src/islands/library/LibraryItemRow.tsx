import { formatFileSize } from '#schema/file-size.ts'
import type { LibraryCategory, LibraryItem } from '#schema/library.ts'
import { formatDate } from '../../lib/dates.ts'
import { fileHref, isNew, itemType, viewHref } from '../../lib/library-view.ts'
import { LibraryIcon } from './LibraryIcon.tsx'

type Props = {
  item: LibraryItem
  since: string | null
  categories: LibraryCategory[]
  /** Library admins get 'Düzenle' and 'Sil'; plain members never see them. */
  onEdit?: (item: LibraryItem) => void
  onDelete?: (item: LibraryItem) => void
  headingLevel?: 'h3' | 'h4'
}

/** One item: type icon, title ('Yeni' when added since the last visit), description, type · size · date, actions. */
export function LibraryItemRow({
  item,
  since,
  categories,
  onEdit,
  onDelete,
  headingLevel: Heading = 'h3',
}: Props) {
  const type = itemType(item)
  const view = viewHref(item)
  const category = categories.find((c) => c.id === item.category)?.name
  const facts = [
    type.label,
    item.kind === 'file' ? formatFileSize(item.size, 1) : null,
    formatDate(item.createdAt),
    category,
  ]
    .filter(Boolean)
    .join(' · ')
  return (
    <li className="library-item">
      <LibraryIcon type={type} />
      <div className="library-item__body">
        <Heading className="library-item__title">
          {item.title}
          {isNew(item, since) && <span className="library-item__new">Yeni</span>}
        </Heading>
        {item.description && <p className="library-item__description">{item.description}</p>}
        <p className="library-item__facts">{facts}</p>
        <div className="library-item__actions">
          {item.kind === 'link' && item.url ? (
            <a
              className="btn btn--outline btn--small"
              href={item.url}
              target="_blank"
              rel="noopener noreferrer"
            >
              Bağlantıyı aç<span className="visually-hidden">: {item.title} (yeni sekmede)</span>
            </a>
          ) : (
            <>
              {view && (
                <a
                  className="btn btn--outline btn--small"
                  href={view}
                  {...(item.mime === 'application/pdf' ? { target: '_blank', rel: 'noopener' } : {})}
                >
                  Görüntüle<span className="visually-hidden">: {item.title}</span>
                </a>
              )}
              <a
                className="btn btn--primary btn--small"
                href={fileHref(item.id, true)}
                download={item.fileName}
              >
                İndir<span className="visually-hidden">: {item.title}</span>
              </a>
            </>
          )}
          {onEdit && (
            <button type="button" className="btn btn--outline btn--small" onClick={() => onEdit(item)}>
              Düzenle<span className="visually-hidden">: {item.title}</span>
            </button>
          )}
          {onDelete && (
            <button type="button" className="btn btn--danger btn--small" onClick={() => onDelete(item)}>
              Sil<span className="visually-hidden">: {item.title}</span>
            </button>
          )}
        </div>
      </div>
    </li>
  )
}
