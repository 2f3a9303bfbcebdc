import type { About } from '#schema/about.ts'
import type { BlogPost } from '#schema/blog.ts'
import type { ContactSettings } from '#schema/contact-settings.ts'
import type { Home } from '#schema/home.ts'
import type { MediaItem } from '#schema/media.ts'
import type { Program } from '#schema/program.ts'
import type { References } from '#schema/reference.ts'
import type { SocialProject } from '#schema/social-project.ts'
import { emptyAbout, emptyContactSettings, emptyHome } from './content-defaults.ts'
import { openCollections, type Collections } from './json-db.ts'

/** What the public site shows: one JSON file per collection in CONTENT_DIR (in git). */
export type ContentData = {
  'contact-settings': ContactSettings
  home: Home
  about: About
  references: References
  blogs: BlogPost[]
  'social-projects': SocialProject[]
  programs: Program[]
  /** Every uploaded image and video (sizes, alt text, upload date), plus the bundled demo images. */
  media: MediaItem[]
}
export type ContentName = keyof ContentData

/** Content collections; each write is reported to `onChange` (the server rebuilds the site). */
export type ContentStore = Collections<ContentData>

const defaults: ContentData = {
  'contact-settings': emptyContactSettings,
  home: emptyHome,
  about: emptyAbout,
  references: { cards: [], sliderImages: [] },
  blogs: [],
  'social-projects': [],
  programs: [],
  media: [],
}

/** Opens CONTENT_DIR's collection files; `onChange` is called after each write. */
export function openContentStore(dir: string, onChange: (name: ContentName) => void): Promise<ContentStore> {
  return openCollections(dir, defaults, onChange)
}
