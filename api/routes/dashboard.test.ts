import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BlogPost } from '#schema/blog.ts'
import type { BuildStatus } from '../publish/build-status.ts'
import { FIXED_PUBLIC_ROUTES } from '../entries/stats.ts'
import { addMember, addUser, createTestApp, jsonRequest, loginCookie, type TestApp } from '../testing/test-helpers.ts'

let t: TestApp
let cookie: string
beforeEach(async () => {
  t = await createTestApp()
  cookie = await loginCookie(t, (await addUser(t.deps.data, 'admin')).email)
})
afterEach(() => t.cleanup())

/** A stored post; without `status` it is an older record, which counts as published. */
const post = (id: string, status?: 'published' | 'draft'): BlogPost =>
  ({
    id,
    title: id,
    excerpt: '',
    author: 'Yazar',
    tags: [],
    ...(status ? { status } : {}),
    featuredImage: '',
    images: [],
    contentStructure: [],
    createdAt: '2025-01-01T00:00:00.000Z',
  }) as BlogPost

/** Empties what the repo's content/ brings, so the counts below depend on this test only. */
async function clearContent() {
  const { content } = t.deps
  await content.update('blogs', (blogs) => void blogs.splice(0))
  await content.update('social-projects', (projects) => void projects.splice(0))
  await content.update('home', (home) => void (home.services.tree = []))
}

async function seedContent() {
  const { content, data } = t.deps
  await clearContent()
  await content.update(
    'blogs',
    (blogs) => void blogs.push(post('b1'), post('b2', 'draft'), post('b3', 'published')),
  )
  await content.update('social-projects', (projects) => {
    projects.push({ ...post('p1'), project_date: '2025-01-01', description: '' } as never)
    projects.push({ ...post('p2', 'draft'), project_date: '2025-01-01', description: '' } as never)
  })
  await content.update('home', (home) => {
    home.services.tree = [
      { id: 's1', title: 'E-İmza', items: [{ id: 'i1', title: 'Alt' }] },
      { id: 's2', title: 'Muhasebe', items: [] },
      { id: 's3', title: 'Danışmanlık', items: [] },
    ]
  })
  await data.update('counters', (counters) => {
    counters.views = { '/': 10, '/blog/b1': 5, '/iletisim': 2 }
  })
}

describe('GET /api/admin/stats', () => {
  it('counts pages the site builds, all posts, service headings and summed views, under data and at the top', async () => {
    await seedContent()
    const res = await jsonRequest(t, 'GET', '/api/admin/stats', undefined, cookie)
    expect(res.status).toBe(200)
    // 11 fixed routes + 2 published posts (one without status) + 1 published project.
    const stats = { totalPages: 11 + 2 + 1, totalBlogs: 3, totalServices: 3, totalViews: 17 }
    expect(FIXED_PUBLIC_ROUTES).toHaveLength(11)
    expect(await res.json()).toEqual({ success: true, data: stats, ...stats })
  })

  it('gives the fixed page count and zeros on empty content', async () => {
    await clearContent()
    const body = await (await jsonRequest(t, 'GET', '/api/admin/stats', undefined, cookie)).json()
    expect(body.data).toEqual({ totalPages: 11, totalBlogs: 0, totalServices: 0, totalViews: 0 })
  })

  it('needs an admin session: 401 without one and for a library member session', async () => {
    expect((await jsonRequest(t, 'GET', '/api/admin/stats')).status).toBe(401)
    const member = await addMember(t.deps.data, 'library_admin')
    const libraryCookie = await loginCookie(t, member.email, '/api/library/login')
    const res = await jsonRequest(t, 'GET', '/api/admin/stats', undefined, libraryCookie)
    expect(res.status).toBe(401)
    expect((await res.json()).message).toBe('Bu işlem için giriş yapmalısınız.')
  })
})

describe('GET /api/admin/build', () => {
  it('reports the build status the server passes in', async () => {
    const status: BuildStatus = {
      state: 'building',
      startedAt: '2025-01-01T10:00:00.000Z',
      finishedAt: null,
      lastDurationMs: 1200,
      lastError: null,
      lastErrorText: null,
      generation: 4,
      requested: 5,
      failed: 0,
      publishing: 5,
      pages: ['/blog/a', '/blog'],
      pageErrors: [],
    }
    const custom = await createTestApp({ buildStatus: () => status })
    try {
      const c = await loginCookie(custom, (await addUser(custom.deps.data)).email)
      const res = await jsonRequest(custom, 'GET', '/api/admin/build', undefined, c)
      expect(await res.json()).toEqual({
        success: true,
        data: { ...status, content: { errors: [], git: null } },
      })
      expect((await jsonRequest(custom, 'GET', '/api/admin/build')).status).toBe(401)
    } finally {
      await custom.cleanup()
    }
  })
})

describe('GET /api/admin/storage', () => {
  it('reports the bytes of uploaded images and program files, and needs a session', async () => {
    expect((await jsonRequest(t, 'GET', '/api/admin/storage')).status).toBe(401)
    const before = (await (await jsonRequest(t, 'GET', '/api/admin/storage', undefined, cookie)).json()).data
    await t.deps.files.saveUpload(new Uint8Array(1234), 'png')
    const res = await jsonRequest(t, 'GET', '/api/admin/storage', undefined, cookie)
    expect(res.status).toBe(200)
    const after = (await res.json()).data
    expect(after.uploadsBytes).toBe(before.uploadsBytes + 1234)
    expect(after.totalBytes).toBe(after.uploadsBytes + after.programFilesBytes)
  })
})
