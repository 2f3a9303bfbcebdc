import type { Home, PartnerCard } from '#schema/home.ts'

/** Parses a value the server may send as JSON text (spec section 3); other values pass through. */
export function parseMaybeJson(value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const record = (value: unknown): Record<string, unknown> => {
  const parsed = parseMaybeJson(value)
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {}
}
const list = (value: unknown): unknown[] => {
  const parsed = parseMaybeJson(value)
  return Array.isArray(parsed) ? parsed : []
}

function button(value: unknown, fallback: { text: string; link: string }) {
  const b = record(value)
  return {
    text: typeof b.text === 'string' ? b.text : fallback.text,
    link: typeof b.link === 'string' ? b.link : fallback.link,
  }
}

/** Always three stat rows, as the editor shows them. */
export function threeStats(value: unknown): PartnerCard['stats'] {
  const stats = list(value).map((s) => ({ value: text(record(s).value), label: text(record(s).label) }))
  while (stats.length < 3) stats.push({ value: '', label: '' })
  return stats.slice(0, 3)
}

function partnerCard(value: unknown): PartnerCard {
  const c = record(value)
  return {
    id: text(c.id),
    title: text(c.title),
    description: text(c.description),
    link: text(c.link),
    image: text(c.image),
    stats: threeStats(c.stats),
  }
}

/** Turns the GET /api/admin/anasayfa answer into a complete Home, whatever is missing or JSON-encoded. */
export function normalizeHome(raw: unknown): Home {
  const outer = record(raw)
  const h = outer.data !== undefined ? record(outer.data) : outer
  const banner = record(h.banner)
  const services = record(h.services)
  const about = record(h.about)
  const partners = record(h.partners)
  const blog = record(h.blog)
  return {
    banner: {
      backgroundMedia: text(banner.backgroundMedia),
      poster: text(banner.poster),
      title: text(banner.title),
      subtitle: text(banner.subtitle),
      button1: button(banner.button1, { text: 'Programlar', link: '/programlar' }),
      button2: button(banner.button2, { text: 'Bize Ulaşın', link: '/bize-ulasin' }),
    },
    services: {
      title: text(services.title),
      description: text(services.description),
      tree: list(services.tree).map((b) => ({
        id: text(record(b).id),
        title: text(record(b).title),
        items: list(record(b).items).map((i) => ({ id: text(record(i).id), title: text(record(i).title) })),
      })),
    },
    about: { image: text(about.image), title: text(about.title), description: text(about.description) },
    partners: {
      title: text(partners.title),
      description: text(partners.description),
      cards: list(partners.cards).map(partnerCard),
    },
    blog: { title: text(blog.title), description: text(blog.description) },
  }
}
