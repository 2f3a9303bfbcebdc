import { createHash } from 'node:crypto'
import { replacedPositions } from '#schema/list-lineage.ts'
import type { ContentData, ContentName } from './content-types.ts'

/** One thing the admin edits as a whole: an entry of a list (by id), a home section (by key) or a document. */
export type ItemRef = { name: ContentName; id?: string }

/** The list collections: entries with an id, in a JSON array (references: its `cards`). */
const LISTS = ['blogs', 'social-projects', 'programs', 'references'] as const
type ListName = (typeof LISTS)[number]
type Entry = { id: string } & Record<string, unknown>

export const HOME_SECTIONS = ['banner', 'services', 'about', 'partners', 'blog'] as const

/** The references' slider as one item of its own (history, restore): no card id can be this (ids are base64url). */
export const SLIDER_ID = '~slider'
const isSlider = (ref: ItemRef) => ref.name === 'references' && ref.id === SLIDER_ID

const isList = (name: ContentName): name is ListName => (LISTS as readonly string[]).includes(name)

/** The entries of a list collection (references: the cards); [] for documents. */
export function entriesOf(name: ContentName, data: unknown): Entry[] {
  if (!isList(name)) return []
  const list = name === 'references' ? (data as ContentData['references'] | null)?.cards : data
  return Array.isArray(list) ? (list as Entry[]) : []
}

/**
 * What a save may have added: in a list, the entries that are not the very objects it had before (json-db keeps
 * untouched entries), plus anything beside the entries (the references' slider); a document whole.
 */
export function changedParts(name: ContentName, before: unknown, after: unknown): unknown[] {
  if (!isList(name)) return [after]
  const was = entriesOf(name, before)
  const now = entriesOf(name, after)
  // A save at 10,000 posts keeps every other entry at its place: only an entry not at its old place is looked
  // for among the old ones (a set of 10,000 entries per save cost ~5 ms; the places the write gate noted, without
  // comparing them: schema/list-lineage.ts); a list of another length, by a set.
  const moved = replacedPositions(was, now)?.map((i) => now[i]!) ?? now
  const old = moved.length > 64 ? new Set<unknown>(was) : { has: (e: unknown) => was.includes(e as Entry) }
  const parts: unknown[] = moved.filter((e) => !old.has(e))
  if (name === 'references') parts.push((after as ContentData['references'] | null)?.sliderImages)
  return parts
}

/** True when `ref` names something that exists as a kind (an id for lists, a section for home, none for documents). */
export function isValidRef(ref: ItemRef): boolean {
  if (isSlider(ref)) return true
  if (isList(ref.name)) return !!ref.id
  if (ref.name === 'home') return (HOME_SECTIONS as readonly string[]).includes(ref.id ?? '')
  return ref.id === undefined
}

/** The item `ref` points at inside a collection's data, or undefined when it is not there. */
export function itemOf(ref: ItemRef, data: unknown): unknown {
  if (isSlider(ref)) return (data as ContentData['references'] | null)?.sliderImages
  if (isList(ref.name)) return entriesOf(ref.name, data).find((e) => e.id === ref.id)
  if (ref.name === 'home') return (data as Record<string, unknown> | null)?.[ref.id ?? '']
  return data ?? undefined
}

/** Puts `item` back into a draft of the collection (restore): replaces it in place, or appends a deleted entry. */
export function putItem(ref: ItemRef, draft: unknown, item: unknown): void {
  if (isSlider(ref)) (draft as ContentData['references']).sliderImages = item as string[]
  else if (isList(ref.name)) {
    const list = (ref.name === 'references' ? (draft as ContentData['references']).cards : draft) as Entry[]
    const at = list.findIndex((e) => e.id === ref.id)
    if (at >= 0) list[at] = item as Entry
    else list.push(item as Entry)
  } else if (ref.name === 'home') (draft as Record<string, unknown>)[ref.id!] = item
  else {
    const doc = draft as Record<string, unknown>
    for (const key of Object.keys(doc)) delete doc[key]
    Object.assign(doc, item)
  }
}

/** A short, stable fingerprint of an item's stored JSON: what If-Match compares. */
export function versionOf(item: unknown): string {
  const frozen = !!item && typeof item === 'object' && Object.isFrozen(item)
  const known = frozen ? versions.get(item) : undefined
  if (known !== undefined) return known
  const version = createHash('sha256')
    .update(JSON.stringify(item ?? null))
    .digest('base64url')
    .slice(0, 16)
  if (frozen) versions.set(item, version)
  return version
}
/** Per stored (frozen, so unchanging) item: its fingerprint, made once (a post's body is read from a file). */
const versions = new WeakMap<object, string>()

/** The name people know an entry by (title, or a program's name). */
export function titleOf(item: unknown): string {
  const entry = (item ?? {}) as Record<string, unknown>
  const title = [entry.title, entry.name].find((v) => typeof v === 'string' && v.trim())
  return typeof title === 'string' ? title.trim() : 'Başlıksız'
}
