import type { ReferenceView } from '../lib/reference-view.ts'
import { SocialIcon, socialNames } from './SocialIcon.tsx'

/** One reference: cover image, category label, title, description, sectors and social links. */
export function ReferenceCardView({ card }: { card: ReferenceView }) {
  return (
    <article className="card ref-card" data-category={card.category}>
      {card.image ? (
        <img
          className="card__media ref-card__image"
          src={card.image}
          alt={card.title}
          width={800}
          height={500}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <div className="card__media ref-card__placeholder" aria-hidden="true">
          {card.title.slice(0, 1)}
        </div>
      )}
      <div className="card__body">
        <span className="ref-card__category">{card.categoryLabel}</span>
        <h3 className="card__title">{card.title}</h3>
        {card.description && <p className="card__text">{card.description}</p>}
        {card.sectors.length > 0 && (
          <ul className="tags" aria-label="Sektörler">
            {card.sectors.map((sector) => (
              <li key={sector} className="tag">
                {sector}
              </li>
            ))}
          </ul>
        )}
        {card.socials.length > 0 && (
          <ul className="ref-card__socials">
            {card.socials.map((link) => (
              <li key={link.kind}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${card.title} – ${socialNames[link.kind]} (yeni sekmede açılır)`}
                  title={socialNames[link.kind]}
                >
                  <SocialIcon kind={link.kind} />
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  )
}
