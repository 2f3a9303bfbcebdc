import { categories, splitSectors, type Category, type ReferenceCard } from '#schema/reference.ts'

/** A reference card as the page hands it to the island: sectors split, category label resolved. */
export type ReferenceView = {
  id: string
  image: string
  title: string
  description: string
  category: Category
  categoryLabel: string
  sectors: string[]
  socials: { kind: SocialKind; url: string }[]
}

export const socialKinds = ['website', 'instagram', 'twitter', 'facebook', 'linkedin'] as const
export type SocialKind = (typeof socialKinds)[number]

/** Build-time mapping from the stored card to the island's props (only non-blank social links kept). */
export function toReferenceView(card: ReferenceCard): ReferenceView {
  return {
    id: card.id,
    image: card.image,
    title: card.title,
    description: card.description,
    category: card.category,
    categoryLabel: categories[card.category],
    sectors: splitSectors(card.sector),
    socials: socialKinds
      .map((kind) => ({ kind, url: card.socials[kind].trim() }))
      .filter((link) => link.url !== ''),
  }
}

/** The categories in schema order with their Turkish labels, for the sidebar. */
export const categoryOptions = (Object.keys(categories) as Category[]).map((key) => ({
  key,
  label: categories[key],
}))
