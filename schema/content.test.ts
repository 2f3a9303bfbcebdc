import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { aboutSchema } from './about.ts'
import { blogPostSchema } from './blog.ts'
import { contactSettingsSchema } from './contact-settings.ts'
import { homeSchema, PARTNER_STATS } from './home.ts'
import { programSchema } from './program.ts'
import { categoryKeys, referencesSchema } from './reference.ts'
import { socialProjectSchema } from './social-project.ts'
import { readCollectionSync } from './content-folder-read.ts'

const root = join(import.meta.dirname, '..')
/** A collection of the repository's content/, in either layout (posts and projects may be a folder, decision 333). */
const readJson = (name: string): unknown => {
  const value = readCollectionSync(join(root, 'content'), name)
  if (value === undefined) throw new Error(`content/${name} yok`)
  return value
}

// Every content file with the schema the API and the site check it against.
const files = {
  'contact-settings': contactSettingsSchema,
  home: homeSchema,
  about: aboutSchema,
  references: referencesSchema,
  blogs: z.array(blogPostSchema),
  'social-projects': z.array(socialProjectSchema),
  programs: z.array(programSchema),
} as const

const parsed = <K extends keyof typeof files>(name: K) =>
  files[name].parse(readJson(name)) as z.infer<(typeof files)[K]>

/** Every string in a JSON value that points at a bundled demo asset. */
function demoPaths(value: unknown): string[] {
  if (typeof value === 'string') return value.startsWith('/demo/') ? [value] : []
  if (Array.isArray(value)) return value.flatMap(demoPaths)
  if (value && typeof value === 'object') return Object.values(value).flatMap(demoPaths)
  return []
}

describe('content/*.json', () => {
  for (const [name, schema] of Object.entries(files)) {
    it(`${name}.json matches its schema`, () => {
      const result = schema.safeParse(readJson(name))
      expect(result.error?.issues ?? []).toEqual([])
    })

    it(`${name}.json refers only to /demo/ files that exist`, () => {
      const paths = demoPaths(readJson(name))
      const missing = paths.filter((p) => !existsSync(join(root, 'public', p)))
      expect(missing).toEqual([])
    })
  }

  it('has at least one draft and one published blog post', () => {
    const statuses = parsed('blogs').map((p) => p.status)
    expect(statuses).toContain('draft')
    expect(statuses).toContain('published')
  })

  it('keeps each blog post and project image list in step with its image items', () => {
    for (const post of parsed('blogs')) {
      const srcs = post.contentStructure.filter((i) => i.type === 'image').map((i) => i.src)
      expect(post.images, post.id).toEqual(srcs)
      expect(post.featuredImage, post.id).toBe(srcs[0] ?? '')
      expect(post.contentStructure.map((i) => i.order)).toEqual(post.contentStructure.map((_, i) => i))
    }
    for (const project of parsed('social-projects')) {
      const srcs = project.contentStructure.filter((i) => i.type === 'image').map((i) => i.src)
      expect(project.images, project.id).toEqual(srcs)
    }
  })

  it('covers all five reference categories', () => {
    const used = new Set(parsed('references').cards.map((c) => c.category))
    expect([...used].sort()).toEqual([...categoryKeys].sort())
  })

  it('gives every partner card exactly three stats', () => {
    const cards = parsed('home').partners.cards
    expect(cards.length).toBeGreaterThan(0)
    for (const card of cards) expect(card.stats, card.title).toHaveLength(PARTNER_STATS)
  })

  it('has unique ids in every collection', () => {
    const lists = [parsed('blogs'), parsed('social-projects'), parsed('programs'), parsed('references').cards]
    for (const list of lists) expect(new Set(list.map((x) => x.id)).size).toBe(list.length)
  })

  it('states the real size of every program file and has one program without a file', () => {
    const programs = parsed('programs')
    for (const program of programs.filter((p) => p.filePath !== '')) {
      expect(program.filePath).toMatch(/^demo\/[A-Za-z0-9._-]+$/)
      expect(program.fileSize, program.name).toBe(statSync(join(root, 'public', program.filePath)).size)
    }
    const withoutFile = programs.filter((p) => p.filePath === '')
    expect(withoutFile.length).toBeGreaterThan(0)
    for (const program of withoutFile) expect([program.fileName, program.fileSize]).toEqual(['', 0])
  })
})
