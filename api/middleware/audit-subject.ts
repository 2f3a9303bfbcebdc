import type { Deps } from '../app-env.ts'

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
