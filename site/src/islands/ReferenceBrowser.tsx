import { useMemo, useState } from 'react'
import type { Category } from '#schema/reference.ts'
import { msg } from '#schema/messages.ts'
import {
  chooseCategory,
  chooseSector,
  countByCategory,
  filterCards,
  hasFilter,
  noFilter,
  sectorsOf,
} from '../lib/reference-filter.ts'
import type { Picture } from '#schema/media.ts'
import type { ReferenceView } from '../lib/reference-view.ts'
import { ReferenceCardView } from './ReferenceCardView.tsx'
import { useHydrated } from './use-hydrated.ts'
import './reference-browser.css'

type Props = {
  /** Each card with its image as <picture> data (made at build). */
  cards: (ReferenceView & { picture?: Picture })[]
  categories: { key: Category; label: string }[]
}

/** Category filters with a sector sub-filter (spec section 4) beside the reference card grid. */
export function ReferenceBrowser({ cards, categories }: Props) {
  const [filter, setFilter] = useState(noFilter)
  const hydrated = useHydrated()
  const visible = useMemo(() => filterCards(cards, filter), [cards, filter])
  const counts = useMemo(() => countByCategory(cards), [cards])
  const sectors = filter.category ? sectorsOf(cards, filter.category) : []
  const categoryLabel = categories.find((c) => c.key === filter.category)?.label

  return (
    <div className="refs">
      <aside className="refs__sidebar" aria-labelledby="refs-filter-title">
        <h2 id="refs-filter-title" className="refs__sidebar-title">
          Kategoriler
        </h2>
        <div className="refs__options" role="group" aria-labelledby="refs-filter-title">
          {categories.map(({ key, label }) => (
            <button
              key={key}
              type="button"
              className="refs__option"
              aria-pressed={filter.category === key}
              disabled={!hydrated}
              onClick={() => setFilter((f) => chooseCategory(f, key))}
            >
              <span>{label}</span>
              <span className="refs__count">
                {counts[key] ?? 0}
                <span className="visually-hidden"> referans</span>
              </span>
            </button>
          ))}
        </div>
        {filter.category && sectors.length > 0 && (
          <div className="refs__sectors">
            <h3 id="refs-sector-title" className="refs__sidebar-subtitle">
              Sektörler
            </h3>
            <div
              className="refs__options refs__options--chips"
              role="group"
              aria-labelledby="refs-sector-title"
            >
              {sectors.map((sector) => (
                <button
                  key={sector}
                  type="button"
                  className="refs__chip"
                  aria-pressed={filter.sector === sector}
                  onClick={() => setFilter((f) => chooseSector(f, sector))}
                >
                  {sector}
                </button>
              ))}
            </div>
          </div>
        )}
        {hasFilter(filter) && (
          <button type="button" className="btn btn--outline refs__clear" onClick={() => setFilter(noFilter)}>
            Tüm filtreleri temizle
          </button>
        )}
      </aside>
      <div className="refs__results">
        <p className="refs__summary" role="status" aria-live="polite">
          {hasFilter(filter)
            ? `${[categoryLabel, filter.sector].filter(Boolean).join(' › ')}: ${visible.length} referans`
            : `${cards.length} referans`}
        </p>
        {visible.length === 0 ? (
          <p className="empty-state">{msg.referenceFilterEmpty}</p>
        ) : (
          <ul className="refs__grid">
            {visible.map((card) => (
              <li key={card.id}>
                <ReferenceCardView card={card} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
