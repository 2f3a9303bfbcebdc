import type { ItemType } from '../../lib/library-view.ts'

/** Paths of the type icons (24×24, stroked): a page with a mark for documents, a chain for links. */
const PAGE = 'M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Zm0 0v5h5'
const MARKS: Record<ItemType['icon'], string> = {
  pdf: 'M9 13h6M9 17h4',
  xml: 'M10 12l-2 2.5 2 2.5M14 12l2 2.5-2 2.5',
  sheet: 'M8 12h8M8 15h8M8 18h8M12 12v6',
  doc: 'M8 12h8M8 15h8M8 18h5',
  slides: 'M8 12h8v5H8z',
  image: 'M8 18l3-4 2 2 2-3 2 5M9.5 11.5h.01',
  zip: 'M11 11h2M11 13h2M11 15h2M11 17h2',
  text: 'M8 12h8M8 15h6',
  link: '',
}
const LINK =
  'M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71'

/** The item's type icon (decorative: the type is also written beside it). */
export function LibraryIcon({ type }: { type: ItemType }) {
  return (
    <span className={`library-item__icon library-item__icon--${type.icon}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
        <path
          d={type.icon === 'link' ? LINK : `${PAGE}${MARKS[type.icon] ? ` ${MARKS[type.icon]}` : ''}`}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  )
}
