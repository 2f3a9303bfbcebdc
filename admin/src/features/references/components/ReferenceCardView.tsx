import type { ReferenceCard } from '#schema/reference.ts'
import { splitSectors } from '#schema/reference.ts'
import { socialKeys, socialLabels } from '../reference-draft.ts'
import { categoryLabel } from '../reference-logic.ts'

/** Read-only view of a reference card, as the modal shows it before Düzenle. */
export function ReferenceCardView({ card }: { card: ReferenceCard }) {
  const sectors = splitSectors(card.sector ?? '')
  const socials = socialKeys.filter((k) => card.socials?.[k])
  return (
    <article className="reference-view">
      {card.image ? (
        <img className="reference-view__image" src={card.image} alt={card.title} />
      ) : (
        <div className="image-input__placeholder reference-view__image">Görsel yok</div>
      )}
      <div className="stack">
        <h3 className="reference-view__title">{card.title || 'Başlıksız referans'}</h3>
        <p>
          <span className="badge badge--info">{categoryLabel(card.category)}</span>
        </p>
        {card.description && <p className="reference-view__text">{card.description}</p>}
        {sectors.length > 0 && (
          <p>
            <strong>Sektörler:</strong> {sectors.join(', ')}
          </p>
        )}
        {socials.length > 0 && (
          <ul className="reference-view__socials">
            {socials.map((k) => (
              <li key={k}>
                <a href={card.socials[k]} target="_blank" rel="noopener noreferrer">
                  {socialLabels[k]}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  )
}
