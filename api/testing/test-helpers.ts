import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AdminRole } from '#schema/user.ts'
import type { MemberRole } from '#schema/library-member.ts'
import { createApp, type AppOptions } from '../app.ts'
import { allCopiesStored } from '../media/media-library.ts'
import { newId } from '../lib/ids.ts'
import { hashPassword } from '../auth/passwords.ts'
import type { DataStore } from '../store/data-store.ts'
import { copyContent, withTestLayout } from './content-files.ts'

const repoContent = join(import.meta.dirname, '..', '..', 'content')
export const PASSWORD = 'gizli-sifre-123'

/**
 * The real app on a fresh temp folder: a copy of content/ and an empty data folder. `restart()` opens a new app
 * on the same folders (persistence tests); `cleanup()` removes them. With `CONTENT_FOLDERS=on` posts and projects
 * are stored one file each, unless `contentVersioning.folders` is given (`content-files.ts`).
 */
export async function createTestApp(options: Partial<AppOptions> = {}) {
  const root = await mkdtemp(join(tmpdir(), 'api-test-'))
  const contentDir = join(root, 'content')
  const dataDir = join(root, 'data')
  const contentVersioning = withTestLayout(options.contentVersioning)
  await copyContent(repoContent, contentDir, { folders: contentVersioning.folders === true })
  const changes: string[] = []
  const open = () =>
    createApp({
      contentDir,
      dataDir,
      sessionSecret: 'test-secret-test-secret-test-secret-0123',
      // The saves of the content a test changes; media records (an upload writes one too) are left out here. The
      // server publishes after those as well: an alt text shows on pages (decision 036, e2e media-alt-publish).
      onContentChange: (name) => void (name !== 'media' && changes.push(name)),
      ...options,
      contentVersioning,
    })
  let current = await open()
  return {
    get app() {
      return current.app
    },
    get deps() {
      return current.deps
    },
    contentDir,
    dataDir,
    /** Names of content collections written so far (each write triggers a rebuild in the server). */
    changes,
    async restart() {
      // A graceful stop first, as the server does: pending counts are written, the database is closed.
      await allCopiesStored()
      await current.deps.data.close()
      current = await open()
    },
    async cleanup() {
      // Image sizes still being made in the background must not write into a removed folder.
      await allCopiesStored()
      await current.deps.data.close()
      // Retries: a file written as the test ends (a git object of the last commit) must not fail the cleanup.
      await rm(root, { recursive: true, force: true, maxRetries: 5 })
    },
  }
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** Adds an admin user straight into the data store (a data builder, not a mock). */
export async function addUser(
  data: DataStore,
  role: AdminRole = 'admin',
  email = `${role}-${newId(4)}@ornek.com`,
) {
  const user = {
    id: newId(),
    name: `Test ${role}`,
    email: email.toLowerCase(),
    role,
    passwordHash: await hashPassword(PASSWORD),
    createdAt: new Date().toISOString(),
  }
  await data.update('users', (users) => void users.push(user))
  return user
}

export async function addMember(
  data: DataStore,
  role: MemberRole = 'member',
  email = `uye-${newId(4)}@ornek.com`,
) {
  const member = {
    id: newId(),
    name: `Üye ${role}`,
    email: email.toLowerCase(),
    role,
    passwordHash: await hashPassword(PASSWORD),
    created_at: new Date().toISOString(),
  }
  await data.update('members', (members) => void members.push(member))
  return member
}

/** Logs in through the real endpoint and returns the Cookie header value. */
export async function loginCookie(t: TestApp, email: string, path = '/api/admin/login'): Promise<string> {
  const res = await t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`)
  const cookie = res.headers.get('set-cookie') ?? ''
  return cookie.split(';')[0]!
}

/** Shorthand for a JSON request with an optional session cookie. */
export function jsonRequest(t: TestApp, method: string, path: string, body?: unknown, cookie?: string) {
  const headers: Record<string, string> = {}
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (cookie) headers.cookie = cookie
  return t.app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
}

/** A logged-in admin's Cookie header (a fresh admin user). */
export async function adminCookie(t: TestApp): Promise<string> {
  return loginCookie(t, (await addUser(t.deps.data)).email)
}

type FormValue = string | File | File[] | undefined
/** A multipart request with an optional session cookie; array values become repeated parts. */
export function formRequest(
  t: TestApp,
  method: string,
  path: string,
  fields: Record<string, FormValue>,
  cookie?: string,
) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v)
  }
  return t.app.request(path, { method, body, headers: cookie ? { cookie } : {} })
}

/** A sized copy of an upload (<id>.<width>w.avif|webp); media-library.test.ts checks they go with their original. */
const COPY = /\.\d+w\.(avif|webp)$/

/** Original uploads in DATA_DIR/uploads, sized copies left out (to check what was stored and removed). */
export async function uploadNames(t: TestApp): Promise<string[]> {
  return (await readdir(join(t.dataDir, 'uploads'))).filter((n) => !COPY.test(n)).sort()
}

/** Every file in DATA_DIR/uploads, sized copies included. */
export async function allUploadFiles(t: TestApp): Promise<string[]> {
  return (await readdir(join(t.dataDir, 'uploads'))).sort()
}
