import { join } from 'node:path'
import type { Low } from 'lowdb'
import type { About } from '#schema/about.ts'
import type { BlogPost } from '#schema/blog.ts'
import type { ContactSettings } from '#schema/contact-settings.ts'
import type { Home } from '#schema/home.ts'
import type { Program } from '#schema/program.ts'
import type { References } from '#schema/reference.ts'
import type { SocialProject } from '#schema/social-project.ts'
import { emptyAbout, emptyContactSettings, emptyHome } from './content-defaults.ts'
import { openJsonDb } from './json-db.ts'

/** What the public site shows: one JSON file per collection in CONTENT_DIR (in git). */
export type ContentData = {
  'contact-settings': ContactSettings
  home: Home
  about: About
  references: References
  blogs: BlogPost[]
  'social-projects': SocialProject[]
  programs: Program[]
}
export type ContentName = keyof ContentData

export type ContentStore = {
  /** Current data of a collection (read-only use; change it through `update`). */
  read<K extends ContentName>(name: K): ContentData[K]
  /** Mutates a collection, writes it atomically, then reports the change (which rebuilds the site). */
  update<K extends ContentName, R>(name: K, fn: (data: ContentData[K]) => R): Promise<R>
}

const defaults: ContentData = {
  'contact-settings': emptyContactSettings,
  home: emptyHome,
  about: emptyAbout,
  references: { cards: [], sliderImages: [] },
  blogs: [],
  'social-projects': [],
  programs: [],
}

export async function openContentStore(dir: string, onChange: (name: ContentName) => void): Promise<ContentStore> {
  const dbs = {} as { [K in ContentName]: Low<ContentData[K]> }
  for (const name of Object.keys(defaults) as ContentName[]) {
    ;(dbs as Record<ContentName, unknown>)[name] = await openJsonDb(join(dir, `${name}.json`), defaults[name])
  }
  return {
    read: (name) => dbs[name].data,
    async update(name, fn) {
      const db = dbs[name]
      let result!: ReturnType<typeof fn>
      await db.update((data) => {
        result = fn(data)
      })
      onChange(name)
      return result
    },
  }
}
