import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { blogPostSchema } from '#schema/blog.ts'
import { entryPath, entryText, oldEntryPath, orderPath, orderText } from '#schema/content-layout.ts'
import { contentDir, readContentList } from './content-files.ts'
import {
  loadContactSettings,
  loadHome,
  loadPublishedBlogs,
  loadPublishedProjects,
  loadReferences,
} from './content.ts'

const saved = process.env.CONTENT_DIR
afterEach(() => {
  process.env.CONTENT_DIR = saved
})

/** A fresh CONTENT_DIR holding the given files. */
function useContent(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'site-content-'))
  for (const [name, data] of Object.entries(files))
    writeFileSync(join(dir, `${name}.json`), JSON.stringify(data))
  process.env.CONTENT_DIR = dir
  return dir
}

const post = (id: string, createdAt: string, status?: string) => ({
  id,
  title: `Yazı ${id}`,
  excerpt: 'Özet',
  author: 'Ekip',
  tags: [],
  createdAt,
  ...(status ? { status } : {}),
})

describe('contentDir', () => {
  it('defaults to <repo>/content and resolves relative paths from the repo root', () => {
    expect(contentDir({}, '/repo')).toBe('/repo/content')
    expect(contentDir({ CONTENT_DIR: 'demo/content' }, '/repo')).toBe('/repo/demo/content')
    expect(contentDir({ CONTENT_DIR: '/tmp/x' }, '/repo')).toBe('/tmp/x')
  })
})

describe('content loaders', () => {
  it('give empty content with defaults when the files are missing', () => {
    useContent({})
    expect(loadContactSettings().title).toBe('')
    expect(loadHome().banner.button1).toEqual({ text: 'Programlar', link: '/programlar' })
    expect(loadHome().services.tree).toEqual([])
    expect(loadPublishedBlogs()).toEqual([])
  })

  it('keep published posts only, newest first (missing status counts as published)', () => {
    useContent({
      blogs: [
        post('a', '2025-01-01'),
        post('b', '2025-03-01', 'draft'),
        post('c', '2025-02-01', 'published'),
      ],
    })
    expect(loadPublishedBlogs().map((p) => p.id)).toEqual(['c', 'a'])
  })

  it('read snake_case project fields and JSON-string sections', () => {
    useContent({
      'social-projects': [
        {
          id: 'p1',
          title: 'Fidan',
          excerpt: 'x',
          project_date: '2025-04-01',
          created_at: '2025-04-02',
          content_structure: [{ type: 'heading', content: 'Başlık', level: 3 }],
        },
      ],
      home: { banner: JSON.stringify({ title: 'Merhaba' }) },
      references: { cards: '[]', sliderImages: JSON.stringify(['/demo/a.jpg']) },
    })
    const [project] = loadPublishedProjects()
    expect(project?.createdAt).toBe('2025-04-02')
    expect(project?.contentStructure[0]).toMatchObject({ type: 'heading', level: 3 })
    expect(loadHome().banner.title).toBe('Merhaba')
    expect(loadReferences().sliderImages).toEqual(['/demo/a.jpg'])
  })

  it('keep records without a date, with the date empty (pages then say Tarih belirtilmemiş)', () => {
    const { createdAt: _, ...undated } = post('a', '')
    useContent({
      blogs: [undated, post('b', '2025-01-01')],
      'social-projects': [{ id: 'p1', title: 'Fidan', excerpt: 'x' }],
    })
    expect(loadPublishedBlogs().map((p) => [p.id, p.createdAt])).toEqual([
      ['b', '2025-01-01'],
      ['a', ''],
    ])
    expect(loadPublishedProjects()[0]).toMatchObject({ project_date: '', createdAt: '' })
  })

  it('resolve an image item given by imageIndex to the record image at that index', () => {
    useContent({
      blogs: [
        {
          ...post('a', '2025-01-01'),
          images: ['/uploads/bir.webp', '/uploads/iki.webp'],
          contentStructure: [
            { type: 'image', imageIndex: 1, order: 0 },
            { type: 'image', src: '/uploads/bir.webp', imageIndex: 1, order: 1 },
            { type: 'image', imageIndex: 5, order: 2 },
          ],
        },
      ],
    })
    expect(loadPublishedBlogs()[0]?.contentStructure.map((i) => i.src)).toEqual([
      '/uploads/iki.webp',
      '/uploads/bir.webp',
      undefined,
    ])
  })

  it('fail with the file and the field named when content is invalid', () => {
    const dir = useContent({ blogs: [{ ...post('a', '2025-01-01'), title: 5 }] })
    expect(() => loadPublishedBlogs()).toThrow(join(dir, 'blogs.json'))
    expect(() => loadPublishedBlogs()).toThrow(/\[0\]\.title/)
  })

  it('fail with the file named when the JSON is broken', () => {
    const dir = useContent({})
    writeFileSync(join(dir, 'contact-settings.json'), '{ bozuk')
    expect(() => loadContactSettings()).toThrow(join(dir, 'contact-settings.json'))
  })
})

describe('content in the folder layout (decision 333)', () => {
  /** A CONTENT_DIR whose posts are one file each, in `order`, and no blogs.json. */
  function useFolder(posts: Record<string, unknown>[], order: string[]): string {
    const dir = useContent({})
    folders.push(dir)
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true })
      writeFileSync(join(dir, path), text)
    }
    for (const p of posts) write(entryPath('blogs', String(p.id)), entryText(p))
    write(orderPath('blogs'), orderText(order))
    return dir
  }
  const folders: string[] = []
  afterEach(() => {
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('reads and checks every post, in the order file’s order, without blogs.json', () => {
    const dir = useFolder(
      [post('a1', '2025-01-01'), post('Zed', '2025-03-01', 'draft'), post('m5', '2025-02-01')],
      ['m5', 'a1', 'Zed'],
    )
    const posts = readContentList(dir, 'blogs', blogPostSchema, (raw) => raw)
    expect(posts.map((p) => p.id)).toEqual(['m5', 'a1', 'Zed'])
    expect(posts[0]).toMatchObject({ title: 'Yazı m5', contentStructure: [] }) // the schema's default: checked
    expect(loadPublishedBlogs().map((p) => p.id)).toEqual(['m5', 'a1'])
  })

  it('names the post’s own file when one post is invalid', () => {
    const dir = useFolder([post('a1', '2025-01-01'), { ...post('b2', '2025-01-02'), title: 5 }], ['a1', 'b2'])
    expect(() => loadPublishedBlogs()).toThrow(`İçerik dosyası geçersiz: ${join(dir, entryPath('blogs', 'b2'))}`)
    expect(() => loadPublishedBlogs()).toThrow(/- title:/)
  })

  it('names a post’s file in its old first-character folder when that one is invalid (decision 336)', () => {
    const dir = useFolder([post('a1', '2025-01-01')], ['a1', 'b2'])
    mkdirSync(join(dir, 'blogs', 'b'))
    writeFileSync(join(dir, oldEntryPath('blogs', 'b2')), entryText({ ...post('b2', '2025-01-02'), title: 5 }))
    expect(() => loadPublishedBlogs()).toThrow(`İçerik dosyası geçersiz: ${join(dir, oldEntryPath('blogs', 'b2'))}`)
  })
})
