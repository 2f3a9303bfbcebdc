import { z } from 'zod'
import { mediaRef, optionalLine, optionalText } from './common.ts'

/** Who-are-we content (content/about.json). title1 is always sent empty by the admin. */
export const aboutSchema = z.object({
  title1: optionalLine(200),
  /** Section 1 title, text and image. */
  title2: optionalLine(200),
  description1: optionalText(10000),
  image1: mediaRef.optional().default(''),
  /** Section 2 title, text and image; shown only with a title or text. */
  title3: optionalLine(200),
  description2: optionalText(10000),
  image2: mediaRef.optional().default(''),
})
export type About = z.infer<typeof aboutSchema>

export function isAboutEmpty(about: About): boolean {
  return Object.values(about).every((v) => v === '')
}
