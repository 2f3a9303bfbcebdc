import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-env.ts'
import type { ContentName, ContentStore } from '../store/content-store.ts'
import { entriesOf, HOME_SECTIONS, versionOf } from '../store/content-items.ts'
import { editContext } from '../store/versions/edit-context.ts'
import { targetOf } from './content-edit.ts'

type Json = Record<string, unknown>
const isRecord = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v)

/** Which collection an admin read returns, by its path. */
function collectionOf(path: string): ContentName | null {
  const area = path.replace(/^\/api\/(admin\/)?/, '').split('/')[0]
  const names: Record<string, ContentName> = {
    blogs: 'blogs',
    'social-projects': 'social-projects',
    programs: 'programs',
    references: 'references',
    hakkimizda: 'about',
    anasayfa: 'home',
    'contact-settings': 'contact-settings',
  }
  return path.startsWith('/api/admin/') || area === 'contact-settings' ? (names[area] ?? null) : null
}

/**
 * Adds `version` to every stored entry found anywhere in the body (whatever shape the list answer has). A program
 * has a `version` of its own (the spec's '1.0.0'), so its fingerprint goes in `contentVersion` instead.
 */
type Versions = { has(id: string): boolean; get(id: string): string | undefined }
function addEntryVersions(body: unknown, versions: Versions, seen: (id: string) => void): void {
  if (Array.isArray(body)) return body.forEach((v) => addEntryVersions(v, versions, seen))
  if (!isRecord(body)) return
  if (typeof body.id === 'string' && versions.has(body.id)) {
    if ('version' in body) body.contentVersion = versions.get(body.id)
    else body.version = versions.get(body.id)
    seen(body.id)
  }
  for (const value of Object.values(body)) if (typeof value === 'object') addEntryVersions(value, versions, seen)
}

/** Puts the versions into an answer: entries by id, home sections in `versions` (at the top and under data). */
function withVersions(name: ContentName, body: Json, content: ContentStore): void {
  const stored = content.read(name)
  if (name === 'home') {
    // Beside the sections, not inside them: the editor sends sections back as strict patches.
    const versions = Object.fromEntries(
      HOME_SECTIONS.map((s) => [s, content.recent.remember({ name, id: s }, (stored as Json)[s])]),
    )
    body.versions = versions
    if (isRecord(body.data)) body.data.versions = versions
  } else {
    const entries = new Map(entriesOf(name, stored).map((e) => [e.id, e]))
    // Only the entries the answer holds (a page of 50 of 100,000 posts; each version hashes the entry's body).
    const versions: Versions = { has: (id) => entries.has(id), get: (id) => (entries.has(id) ? versionOf(entries.get(id)) : undefined) }
    // What an editor loaded is the base its later save merges from (issue 19).
    const seen = (id: string) => content.recent.remember({ name, id }, entries.get(id), versions.get(id))
    addEntryVersions(body, versions, seen)
  }
}

/**
 * Every content item in an admin read carries `version` (a fingerprint of the stored JSON), which the admin sends
 * back as If-Match; documents (about, contact settings), whose answers the spec fixes field by field, carry it as
 * their ETag, on reads and on saves. Done here, over the answer, so list routes keep their own shapes.
 */
export const contentVersions = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  const ok = c.res.status >= 200 && c.res.status < 300
  const name = ok ? collectionOf(c.req.path) : null
  if (!name || !c.res.headers.get('content-type')?.includes('application/json')) return
  const { content } = c.var.deps
  // A save's answer names what that save wrote (recorded in its turn), not what is stored by now: reading the store
  // here let a save that landed meanwhile pass as this editor's version, and their next save overwrote it.
  const written = (n: ContentName) => editContext.getStore()?.saved?.[n] ?? content.read(n)
  if (name === 'about' || name === 'contact-settings') {
    // On a save's answer too: the editor's next save sends it (no refetch, no conflict with itself).
    c.res.headers.set('ETag', `"${content.recent.remember({ name }, written(name))}"`)
    return
  }
  if (c.req.method !== 'GET') {
    // A home section's write answers its new version as the ETag (the editor saves field by field and sends it
    // with the next write); the answer's body keeps the spec's shape.
    const ref = name === 'home' ? targetOf(c.req.method, c.req.path) : null
    if (ref?.id) c.res.headers.set('ETag', `"${content.recent.remember(ref, (written('home') as Json)[ref.id])}"`)
    return
  }
  const body = (await c.res.clone().json()) as unknown
  if (!isRecord(body)) return
  withVersions(name, body, c.var.deps.content)
  const headers = new Headers(c.res.headers)
  headers.delete('content-length')
  c.res = new Response(JSON.stringify(body), { status: c.res.status, headers })
})
