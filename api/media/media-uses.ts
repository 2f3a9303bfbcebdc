import type { ContentStore } from '../store/content-store.ts'

/** One place that shows an upload: the admin area, what it is called there and the admin screen. */
export type MediaUse = { area: string; title: string; path: string }

const mentions = (value: unknown, url: string) => JSON.stringify(value ?? null).includes(url)

/** Labels of the single-record collections' fields (anything else is named by its key). */
const HOME_AREAS: Record<string, string> = {
  banner: 'Anasayfa banner',
  services: 'Anasayfa hizmetler',
  about: 'Anasayfa hakkımızda',
  partners: 'Anasayfa partner kartı',
  blog: 'Anasayfa blog bölümü',
}
const ABOUT_AREAS: Record<string, string> = { image1: 'Biz Kimiz bölüm 1', image2: 'Biz Kimiz bölüm 2' }

/**
 * Every place in the content that refers to `url` (as a field or inside a text): which post, project, card or
 * section. The one answer to "is this upload used?" for deleting, the media library and sweeping.
 */
export function mediaUses(content: ContentStore, url: string): MediaUse[] {
  const uses: MediaUse[] = []
  const add = (area: string, title: string, path: string) => uses.push({ area, title, path })
  for (const post of content.read('blogs'))
    if (mentions(post, url)) add('Blog yazısı', post.title, '/blog-duzenle')
  for (const project of content.read('social-projects'))
    if (mentions(project, url))
      add('Sosyal sorumluluk projesi', project.title, '/sosyal-sorumluluk-projeleri')
  const refs = content.read('references')
  for (const card of refs.cards ?? [])
    if (mentions(card, url)) add('Referans kartı', card.title, '/referanslarimiz-duzenle')
  if (mentions(refs.sliderImages, url)) add('Referans slider', 'Slider görseli', '/referanslarimiz-duzenle')
  const home = content.read('home') as Record<string, unknown>
  for (const [key, section] of Object.entries(home)) {
    if (!mentions(section, url)) continue
    const cards = key === 'partners' ? ((section as { cards?: { title: string }[] }).cards ?? []) : []
    const named = cards.filter((card) => mentions(card, url))
    if (named.length) for (const card of named) add(HOME_AREAS.partners!, card.title, '/anasayfa-duzenle')
    else add(HOME_AREAS[key] ?? `Anasayfa ${key}`, '', '/anasayfa-duzenle')
  }
  for (const [key, value] of Object.entries(content.read('about') as Record<string, unknown>))
    if (mentions(value, url)) add(ABOUT_AREAS[key] ?? 'Biz Kimiz', '', '/hakkimizda-duzenle')
  if (mentions(content.read('contact-settings'), url)) add('Site logosu', '', '/iletisim-ayarlari')
  for (const program of content.read('programs'))
    if (mentions(program, url)) add('Program logosu', program.name, '/programlar-duzenle')
  return uses
}

/** True when any content still refers to the URL. */
export function isMediaUsed(content: ContentStore, url: string): boolean {
  return mediaUses(content, url).length > 0
}
