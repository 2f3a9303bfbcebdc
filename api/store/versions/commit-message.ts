import { replacedPositions } from '#schema/list-lineage.ts'
import type { ContentName } from '../content-types.ts'
import { entriesOf, HOME_SECTIONS, SLIDER_ID, titleOf } from '../content-items.ts'

/** What an entry of each list is called in a commit message. */
const ENTRY_NOUN: Partial<Record<ContentName, string>> = {
  blogs: 'Blog yazısı',
  'social-projects': 'Sosyal proje',
  programs: 'Program',
  references: 'Referans kartı',
}

/** Turkish names of the home page's sections. */
export const SECTION_LABELS: Record<string, string> = {
  banner: 'Banner',
  services: 'Hizmetler',
  about: 'Hakkımızda bloğu',
  partners: 'İş ortakları',
  blog: 'Blog bölümü',
}

// An entry a save did not touch is the same object (json-db shares them): only changed ones are compared as text.
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b)

type Entry = ReturnType<typeof entriesOf>[number]

/** 'Blog yazısı eklendi: …', '… güncellendi: …', '… silindi: …' for each entry a save added, changed or removed. */
function entryChanges(noun: string, old: Entry[], now: Entry[]): string[] {
  // Most saves change entries in place: the same ids in the same order, so the replaced positions find them (two
  // maps of 10,000 posts took 15-30 ms of every save; the write gate notes the positions: schema/list-lineage.ts).
  const at = replacedPositions(old, now)
  if (at && at.every((i) => old[i]!.id === now[i]!.id))
    return at.filter((i) => !same(old[i], now[i])).map((i) => `${noun} güncellendi: ${titleOf(now[i])}`)
  const before = new Map(old.map((e) => [e.id, e]))
  const after = new Map(now.map((e) => [e.id, e]))
  const parts: string[] = []
  for (const [id, entry] of after) {
    const prev = before.get(id)
    if (!prev) parts.push(`${noun} eklendi: ${titleOf(entry)}`)
    else if (!same(prev, entry)) parts.push(`${noun} güncellendi: ${titleOf(entry)}`)
  }
  for (const [id, entry] of before) if (!after.has(id)) parts.push(`${noun} silindi: ${titleOf(entry)}`)
  return parts
}

/**
 * The commit message for a save, read from what changed: 'Blog yazısı güncellendi: {başlık}',
 * 'Referans kartı silindi: {başlık}', 'Ana sayfa güncellendi: Banner', …
 */
export function commitMessage(name: ContentName, before: unknown, after: unknown): string {
  const noun = ENTRY_NOUN[name]
  if (noun) {
    const parts = entryChanges(noun, entriesOf(name, before), entriesOf(name, after))
    if (parts.length > 0) return parts.join('; ')
    if (name === 'references') {
      const slider = (d: unknown) => (d as { sliderImages?: unknown } | null)?.sliderImages
      return same(slider(before), slider(after))
        ? 'Referans kartlarının sırası değişti'
        : 'Referans slider görselleri güncellendi'
    }
    return `${noun} listesi güncellendi`
  }
  if (name === 'home') {
    const rec = (d: unknown) => (d ?? {}) as Record<string, unknown>
    const changed = HOME_SECTIONS.filter((s) => !same(rec(before)[s], rec(after)[s])).map(
      (s) => SECTION_LABELS[s],
    )
    return `Ana sayfa güncellendi${changed.length ? `: ${changed.join(', ')}` : ''}`
  }
  if (name === 'media') return 'Medya kütüphanesi güncellendi'
  return name === 'about' ? 'Hakkımızda sayfası güncellendi' : 'İletişim ayarları güncellendi'
}

/** The message of a restore: says what went back and to which date. */
export function restoreMessage(
  name: ContentName,
  item: unknown,
  sectionId: string | undefined,
  date: string,
): string {
  const day = date.slice(0, 16).replace('T', ' ')
  const noun = ENTRY_NOUN[name]
  if (name === 'references' && sectionId === SLIDER_ID) return `Slider görselleri eski sürüme döndürüldü (${day})`
  if (noun) return `${noun} eski sürüme döndürüldü (${day}): ${titleOf(item)}`
  if (name === 'home')
    return `Ana sayfa eski sürüme döndürüldü (${day}): ${SECTION_LABELS[sectionId ?? ''] ?? ''}`
  return `${name === 'about' ? 'Hakkımızda sayfası' : 'İletişim ayarları'} eski sürüme döndürüldü (${day})`
}
