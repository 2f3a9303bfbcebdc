import type { ReferenceCard } from '#schema/reference.ts'
import { DragHandle, SortableList } from '../../../components/SortableList.tsx'
import { RowActions } from '../../../components/ui/RowActions.tsx'
import { categoryLabel, truncate } from '../reference-logic.ts'

type Props = {
  cards: ReferenceCard[]
  onReorder: (cards: ReferenceCard[]) => void
  onEdit: (card: ReferenceCard) => void
  onDelete: (card: ReferenceCard) => void
}

/** References in display order; rows move by their drag handle (mouse or keyboard). */
export function ReferenceTable({ cards, onReorder, onEdit, onDelete }: Props) {
  return (
    <div className="table-wrap">
      <table className="table reference-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Sırala</span>
            </th>
            <th scope="col" className="reference-table__image-cell">
              Görsel
            </th>
            <th scope="col">Başlık</th>
            <th scope="col" className="reference-table__category">
              Kategori
            </th>
            <th scope="col" className="reference-table__description">
              Açıklama
            </th>
            <th scope="col">
              <span className="visually-hidden">İşlemler</span>
            </th>
          </tr>
        </thead>
        <SortableList
          as="tbody"
          items={cards}
          getId={(c) => c.id}
          onReorder={onReorder}
          describe={(c) => c.title || 'Başlıksız referans'}
          renderItem={(card, handle) => (
            <>
              <td>
                <DragHandle handle={handle} label={`${card.title || 'Referans'}: sürükleyerek sırala`} />
              </td>
              <td className="reference-table__image-cell">
                {card.image ? (
                  <img className="reference-table__image" src={card.image} alt="" loading="lazy" />
                ) : (
                  <span className="muted">—</span>
                )}
              </td>
              <td>
                {card.title}
                {/* Phones hide the category column and show it here. */}
                <span className="reference-table__meta">{categoryLabel(card.category)}</span>
              </td>
              <td className="reference-table__category">{categoryLabel(card.category)}</td>
              <td className="reference-table__description">{truncate(card.description ?? '')}</td>
              <td>
                <div className="actions reference-table__actions">
                  <RowActions name={card.title} onEdit={() => onEdit(card)} onDelete={() => onDelete(card)} />
                </div>
              </td>
            </>
          )}
        />
      </table>
    </div>
  )
}
