import type { Picture } from '#schema/media.ts'
import type { ReferenceView } from '../lib/reference-view.ts'
import { PictureImg } from './PictureImg.tsx'
import { SocialIcon, socialNames } from './SocialIcon.tsx'

/** One reference: cover image, category label, title, description, sectors and social links. */
export function ReferenceCardView({ card }: { card: ReferenceView & { picture?: Picture } }) {
  return (
    <article className="card ref-card" data-category={card.category}>
      {card.image ? (
        <PictureImg
          className="card__media ref-card__image"
          picture={card.picture ?? { src: card.image, width: 800, height: 500, sources: [] }}
          alt={card.title}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
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
