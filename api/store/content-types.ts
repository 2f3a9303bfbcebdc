import type { About } from '#schema/about.ts'
import type { BlogPost } from '#schema/blog.ts'
import type { ContactSettings } from '#schema/contact-settings.ts'
import type { Home } from '#schema/home.ts'
import type { MediaItem } from '#schema/media.ts'
import type { Program } from '#schema/program.ts'
import type { References } from '#schema/reference.ts'
import type { SocialProject } from '#schema/social-project.ts'

/**
 * What the public site shows: one JSON file per collection in CONTENT_DIR (in git). Its own module so that every
 * layer of the store (gate, versions, git, the content store itself) names collections without importing the
 * content store (no import circle, issue 27).
 */
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

/** Every collection, in the order the store opens them. */
export const CONTENT_NAMES: readonly ContentName[] = [
  'contact-settings',
  'home',
  'about',
  'references',
  'blogs',
  'social-projects',
  'programs',
  'media',
]

export const isContentName = (name: string): name is ContentName => (CONTENT_NAMES as readonly string[]).includes(name)
