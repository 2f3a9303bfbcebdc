import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-env.ts'
import { HOME_SECTIONS, type ItemRef } from '../store/versions/content-items.ts'
import { editContext } from '../store/versions/edit-context.ts'

const LISTS: Record<string, ItemRef['name']> = {
  blogs: 'blogs',
  'social-projects': 'social-projects',
  programs: 'programs',
  references: 'references',
}

/** The content item an admin write changes, read from its path (for If-Match); null when none applies. */
export function targetOf(method: string, path: string): ItemRef | null {
  if (method !== 'PUT' && method !== 'DELETE' && method !== 'POST') return null
  const [area, first, second] = path
    .replace(/^\/api\/admin\//, '')
    .split('/')
    .map(decodeURIComponent)
  if (area === 'hakkimizda') return { name: 'about' }
  if (area === 'contact-settings') return { name: 'contact-settings' }
  if (area === 'anasayfa') {
    return (HOME_SECTIONS as readonly string[]).includes(first) ? { name: 'home', id: first } : null
  }
  const name = LISTS[area]
  if (!name || method === 'POST') return null
  if (area === 'references' && first === 'card') return second ? { name, id: second } : null
  return first && first !== 'reorder' && second === undefined ? { name, id: first } : null
}

/** The version an If-Match header names (quotes and a weak prefix allowed), or undefined. */
const versionIn = (header: string | undefined) =>
  header?.trim().replace(/^W\//, '').replace(/^"|"$/g, '') || undefined

/**
 * On admin calls: the signed-in admin becomes the author of the commit a content write makes, and an If-Match
 * header makes that write fail with 412 when the item changed since the admin loaded it.
 */
export const contentEdit = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get('user')
  if (!user) return next()
  const version = versionIn(c.req.header('if-match'))
  const ref = version ? targetOf(c.req.method, c.req.path) : null
  await editContext.run(
    {
      author: { name: user.name || user.email, email: user.email },
      ifMatch: ref && version ? { ref, version } : undefined,
    },
    () => next(),
  )
})
