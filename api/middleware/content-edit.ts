import { createMiddleware } from 'hono/factory'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { HOME_SECTIONS, itemOf, versionOf, type ItemRef } from '../store/content-items.ts'
import { editContext, type EditContext } from '../store/versions/edit-context.ts'

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

/** The editor's choice per conflicting field (`X-Merge-Choices`: JSON, URI-encoded); others are ignored. */
function choicesIn(header: string | undefined): EditContext['choices'] {
  if (!header) return undefined
  try {
    const parsed = JSON.parse(decodeURIComponent(header)) as unknown
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined
    const entries = Object.entries(parsed).filter(([, v]) => v === 'mine' || v === 'theirs')
    return Object.fromEntries(entries) as EditContext['choices']
  } catch {
    return undefined
  }
}

/**
 * On admin calls: the signed-in admin becomes the author of the commit a content write makes, and an If-Match
 * header names the version the admin loaded: a write over a newer version is merged field by field, or fails
 * with 412 listing the fields both changed. A merged save answers `X-Content-Merged: 1` and, for an entry of a
 * list, the merged entry as `data`.
 */
export const contentEdit = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get('user')
  if (!user) return next()
  const version = versionIn(c.req.header('if-match'))
  const ref = version ? targetOf(c.req.method, c.req.path) : null
  const context: EditContext = {
    author: { name: user.name || user.email, email: user.email },
    ifMatch: ref && version ? { ref, version } : undefined,
    choices: choicesIn(c.req.header('x-merge-choices')),
  }
  await editContext.run(context, () => next())
  if (!context.merged || !ref || c.res.status !== 200) return
  const headers = new Headers(c.res.headers)
  headers.set('X-Content-Merged', '1')
  const body = headers.get('content-type')?.includes('application/json')
    ? ((await c.res.clone().json().catch(() => null)) as Record<string, unknown> | null)
    : null
  if (!body || typeof body !== 'object') {
    c.res = new Response(c.res.body, { status: c.res.status, headers })
    return
  }
  // The admin shows the answer's message: it says that the other person's change was kept too.
  body.merged = true
  if (typeof body.message === 'string') body.message = `${body.message} ${msg.contentMerged}`
  // The entry as this save merged it (recorded in its turn), not as a later save may have left it.
  const written = context.saved?.[ref.name] ?? c.var.deps.content.read(ref.name)
  const item = ref.id && ref.name !== 'home' ? itemOf(ref, written) : undefined
  if (!ref.id && ref.name !== 'home' && body.data && typeof body.data === 'object') {
    // A document (about, contact settings): the route answered its save as applied to the version the editor
    // loaded; the answer is the merged document, which its ETag names.
    body.data = written
  } else if (item && body.data && typeof body.data === 'object') {
    // A program has a `version` of its own: its fingerprint is `contentVersion`, as in reads.
    const key = 'version' in (item as object) ? 'contentVersion' : 'version'
    body.data = { ...(item as object), [key]: versionOf(item) }
  }
  headers.delete('content-length')
  c.res = new Response(JSON.stringify(body), { status: c.res.status, headers })
})
