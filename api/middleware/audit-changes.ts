import type { Deps } from '../app-env.ts'
import { FIELD_LABELS } from '#schema/field-labels.ts'

/**
 * Which fields an admin save changed, by the names the forms show ('Başlık', 'Özet', '1. buton › Metin'), for the
 * audit log's 'Ayrıntılar' (issue 30: 'in words, what was changed'). The item is read from the stores before and
 * after the call, so every way of saving (JSON, a form with files, a restore) is covered the same way. Only names
 * are kept, never values: a password or a long text stays out of the log.
 */

type Rec = Record<string, unknown>
type Named = { id?: string }

const isRecord = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v)
const byId = (list: unknown, id: string | undefined): unknown =>
  Array.isArray(list) && id ? (list as Named[]).find((e) => e?.id === id) : undefined

/** An account as the log compares it: its password by a name only (the hash itself never leaves here). */
function account(user: unknown): Rec | undefined {
  if (!isRecord(user)) return undefined
  const {
    passwordHash,
    sessionsFrom: _s,
    mustChangePassword: _m,
    createdAt: _c,
    created_at: _c2,
    ...rest
  } = user
  return { ...rest, password: passwordHash }
}

/**
 * The stored item an admin call changes (PUT, PATCH, or a restore), or undefined when the call is no save of one
 * item (a creation, a delete, a reorder): read before and after the call and compared.
 */
export function subjectValue(deps: Deps, method: string, path: string, body: Rec): unknown {
  const [resource = '', ...tail] = path.replace(/^\/api\/admin\//, '').split('/')
  const restore = method === 'POST' && resource === 'history' && tail[1] === 'restore'
  if (method !== 'PUT' && method !== 'PATCH' && !restore) return undefined
  const { content, data } = deps
  const read = (name: string): unknown => (content.read as (n: string) => unknown)(name)
  const home = () => (read('home') ?? {}) as Rec
  switch (resource) {
    case 'blogs':
    case 'social-projects':
    case 'programs':
      return byId(read(resource), tail[0])
    case 'references': {
      const refs = (read('references') ?? {}) as Rec
      if (tail[0] === 'card') return byId(refs.cards, tail[1])
      return tail[0] === 'slider' ? refs.sliderImages : undefined
    }
    case 'users':
      return account(byId(data.read('users'), tail[0]))
    case 'library-members':
      return account(byId(data.read('members'), tail[0]))
    case 'hakkimizda':
      return read('about')
    case 'contact-settings':
      return read('contact-settings')
    case 'anasayfa': {
      if (tail[0] === 'partners' && tail[1] === 'cards')
        return byId((home().partners as Rec | undefined)?.cards, tail[2])
      const section = home()[tail[0] ?? '']
      if (!isRecord(section)) return undefined
      // A section's own texts: its tree and cards change through their own calls.
      const { tree: _tree, cards: _cards, ...texts } = section
      return texts
    }
    case 'history': {
      const id = typeof body.id === 'string' ? body.id : undefined
      const collection = tail[0] ?? ''
      if (collection === 'home') return id ? home()[id] : undefined
      if (collection === 'references')
        return id ? byId((read('references') as Rec | undefined)?.cards, id) : undefined
      if (['blogs', 'social-projects', 'programs'].includes(collection)) return byId(read(collection), id)
      if (['about', 'contact-settings'].includes(collection)) return read(collection)
      return undefined
    }
    default:
      return undefined
  }
}

/** Names the forms give fields FIELD_LABELS (history and conflict views) leaves out. */
const MORE: Record<string, string> = {
  content: 'İçerik',
  poster: 'Video kapak görseli',
  privacyNotice: 'Aydınlatma metni',
  role: 'Rol',
  password: 'Şifre',
  alt: 'Alternatif metin',
  caption: 'Açıklama',
  stats: 'İstatistikler',
  value: 'Değer',
  label: 'Etiket',
}
/** Fields that change with every save and say nothing about the edit. */
const SKIPPED = new Set(['id', 'updatedAt', 'order', 'fileSize', 'filePath'])
const labelOf = (key: string): string | undefined => FIELD_LABELS[key] ?? MORE[key]
/** A value as compared: without the ids and order numbers a save gives blocks anew, line breaks without '\r'. */
const comparable = (v: unknown): string =>
  JSON.stringify(v ?? '', (key, value: unknown) => (SKIPPED.has(key) ? undefined : value)).replaceAll(
    '\\r\\n',
    '\\n',
  )
/**
 * Equal for a reader: a field missing, null or '' is the same 'empty' (a save that fills in a default changes
 * nothing), and a form sends a text area's line breaks as '\r\n'.
 */
const same = (a: unknown, b: unknown): boolean => comparable(a) === comparable(b)

/**
 * The Turkish names of the fields that differ between two versions of an item, in the item's order; a small record
 * (a banner button) one level deep ('1. buton › Metin'). A field with no Turkish name is left out rather than
 * shown by its code name; a list as a whole (the slider) is one name.
 */
export function changedFields(before: unknown, after: unknown): string[] {
  if (Array.isArray(before) || Array.isArray(after))
    return JSON.stringify(before) === JSON.stringify(after)
      ? []
      : [FIELD_LABELS.sliderImages ?? 'Slider görselleri']
  if (!isRecord(before) || !isRecord(after)) return []
  const names: string[] = []
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (SKIPPED.has(key) || same(before[key], after[key])) continue
    const label = labelOf(key)
    if (!label) continue
    const [a, b] = [before[key], after[key]]
    if (isRecord(a) && isRecord(b) && key !== 'socials') {
      const inner = Object.keys({ ...a, ...b })
        .filter((k) => !same(a[k], b[k]))
        .map((k) => labelOf(k))
        .filter((l): l is string => !!l)
      names.push(...(inner.length ? inner.map((l) => `${label} › ${l}`) : [label]))
    } else names.push(label)
  }
  return [...new Set(names)]
}
