import type { Deps } from '../app-env.ts'
import { FIELD_LABELS } from '#schema/field-labels.ts'
import type { ConflictFacts } from './audit-labels.ts'
import { asText } from '../store/versions/field-diff.ts'

type Named = { id?: string; title?: string; name?: string }
const titled = (list: readonly Named[] | undefined, id: string | undefined): string | null => {
  const found = id ? list?.find((e) => e.id === id) : undefined
  return found ? (found.title ?? found.name ?? null) || null : null
}

/**
 * The title of the item an admin call is about, read from the stores ('e-İmza Nedir?', a user's name, an upload's
 * file name), or null. Read before the call (a deleted item is gone after it) and after (a save renames it).
 */
export function subjectTitle(deps: Deps, path: string, body: Record<string, unknown>): string | null {
  const [resource = '', ...tail] = path.replace(/^\/api\/(admin\/)?/, '').split('/')
  const { content, data } = deps
  const home = () => content.read('home') as unknown as {
    partners?: { cards?: Named[] }
    services?: { tree?: Named[] }
  }
  switch (resource) {
    case 'blogs':
    case 'social-projects':
    case 'programs':
      return titled(content.read(resource) as unknown as Named[], tail[0])
    case 'references':
      return titled(content.read('references').cards as Named[], tail[0] === 'card' ? tail[1] : tail[0])
    case 'users':
      return titled(data.read('users'), tail[0])
    case 'library-members':
      return titled(data.read('members'), tail[0])
    case 'media': {
      const url = `/uploads/${decodeURIComponent(tail[0] ?? '')}`
      return content.read('media').find((m) => m.url === url)?.name || tail[0] || null
    }
    case 'anasayfa':
      if (tail[0] === 'partners' && tail[1] === 'cards') return titled(home().partners?.cards, tail[2])
      if (tail[0] === 'services' && tail[1] === 'tree') return titled(home().services?.tree, tail[2])
      return null
    case 'preview': {
      // A preview names its item in the body (none for a new one, or a singleton page).
      const id = typeof body.id === 'string' ? body.id : undefined
      const collection = String(body.collection ?? '')
      if (collection === 'references') return titled(content.read('references').cards as Named[], id)
      if (['blogs', 'social-projects', 'programs'].includes(collection))
        return titled(content.read(collection as 'blogs') as unknown as Named[], id)
      return null
    }
    case 'history': {
      // A restore names the item in its body: an entry's id, or a home section.
      const id = typeof body.id === 'string' ? body.id : undefined
      if (tail[0] === 'home') return id ?? null
      if (tail[0] === 'references') return titled(content.read('references').cards as Named[], id)
      if (['blogs', 'social-projects', 'programs'].includes(tail[0] ?? ''))
        return titled(content.read(tail[0] as 'blogs') as unknown as Named[], id)
      return null
    }
    default:
      return null
  }
}

/** A title in a JSON answer (`data.title`, `data.name`, an upload's `media.name`), or null. */
export function titleInAnswer(answer: unknown): string | null {
  if (!answer || typeof answer !== 'object') return null
  const a = answer as { data?: Named & { data?: Named }; media?: Named; project?: Named }
  for (const candidate of [a.data, a.data?.data, a.media, a.project]) {
    const title = candidate?.title ?? candidate?.name
    if (typeof title === 'string' && title.trim()) return title.trim()
  }
  return null
}

/**
 * The field and the value a sync conflict call keeps ('take': the remote's, 'keep': the live one), read before the
 * call resolves it; the conflict is addressed by its place in the list or by an id (issue 27 may give it one).
 */
export function conflictFacts(deps: Deps, path: string): ConflictFacts | null {
  const [key = '', choice = ''] = path.replace(/^\/api\/admin\/git\/conflicts\//, '').split('/')
  type Listed = { id?: string; file: string; itemId?: string; path: readonly unknown[]; live: unknown; other: unknown }
  const list = ((deps.content as { sync?: { conflicts(): readonly Listed[] } }).sync?.conflicts() ?? []) as readonly Listed[]
  const conflict = list.find((c) => c.id === key) ?? (/^\d+$/.test(key) ? list[Number(key)] : undefined)
  if (!conflict) return null
  const name = [...conflict.path].reverse().find((step): step is string => typeof step === 'string') ?? ''
  const file = conflict.file.replace(/\.json$/, '')
  const entries = (file === 'references' ? (deps.content.read('references') as { cards?: Named[] }).cards : undefined) ??
    (['blogs', 'social-projects', 'programs'].includes(file) ? (deps.content.read(file as 'blogs') as unknown as Named[]) : undefined)
  return {
    item: titled(entries, conflict.itemId),
    field: FIELD_LABELS[name] ?? name,
    value: asText(choice === 'take' ? conflict.other : conflict.live).slice(0, 120),
  }
}
