import { z } from 'zod'
import { msg } from './messages.ts'
import { id, line, linkOrEmpty, mediaRef, optionalLine, optionalText, requiredLine, text, urlOrEmpty } from './common.ts'

export const MAX_SERVICE_HEADINGS = 7
export const PARTNER_STATS = 3

/** A banner button; its link is rendered as an href, so script URLs are refused. */
const button = z.object({ text: optionalLine(60), link: linkOrEmpty().optional().default('') })

/** Home banner: background image or video (video when the extension is mp4, webm or ogg). */
export const bannerSchema = z.object({
  backgroundMedia: mediaRef.optional().default(''),
  /** The still shown before a background video plays (an image chosen in the admin: no ffmpeg here, decision 023). */
  poster: mediaRef.optional().default(''),
  title: optionalLine(200),
  subtitle: optionalLine(500),
  button1: button.optional().default({ text: 'Programlar', link: '/programlar' }),
  button2: button.optional().default({ text: 'Bize Ulaşın', link: '/bize-ulasin' }),
})

export const serviceItemSchema = z.object({ id, title: requiredLine(msg.subItemRequired) })
export const serviceBranchSchema = z.object({
  id,
  title: requiredLine(msg.serviceTitleRequired),
  items: z.array(serviceItemSchema).default([]),
})

/** Services tree: at most 7 main headings, unlimited sub-items. */
export const servicesSchema = z.object({
  title: optionalLine(200),
  description: optionalText(2000),
  tree: z.array(serviceBranchSchema).max(MAX_SERVICE_HEADINGS, { error: msg.serviceMax }).default([]),
})

export const aboutBlockSchema = z.object({
  image: mediaRef.optional().default(''),
  title: optionalLine(200),
  description: optionalText(5000),
})

export const partnerStatSchema = z.object({ value: optionalLine(40), label: optionalLine(80) })

/** Body of POST/PUT partner card: title non-blank, link a URL (or blank), exactly three stat rows. */
export const partnerCardInputSchema = z.object({
  title: requiredLine(msg.cardTitleRequired),
  description: optionalText(2000),
  link: urlOrEmpty(),
  image: mediaRef.optional().default(''),
  stats: z.array(partnerStatSchema).length(PARTNER_STATS, { error: msg.statsExactlyThree }),
})
export const partnerCardSchema = partnerCardInputSchema.extend({ id })

export const partnersSchema = z.object({
  title: optionalLine(200),
  description: optionalText(2000),
  cards: z.array(partnerCardSchema).default([]),
})

export const blogSectionSchema = z.object({ title: optionalLine(200), description: optionalText(2000) })

/** content/home.json */
export const homeSchema = z.object({
  banner: bannerSchema,
  services: servicesSchema,
  about: aboutBlockSchema,
  partners: partnersSchema,
  blog: blogSectionSchema,
})

// Patch fields have no defaults: `.partial()` of the schemas above would fill every missing field with its
// default ('' or the default buttons) and so overwrite what the client did not send.
const patchText = (max: number) => text().trim().max(max).optional()
const patchLine = (max: number) => line().trim().max(max).optional()
// A section title may be left out of a patch, never sent empty: the public page shows it (issue 30, point 3).
const patchTitle = (max: number) =>
  line().trim().min(1, { error: msg.homeTitleRequired }).max(max).optional()
const patchOf = <S extends z.ZodRawShape>(shape: S) => z.strictObject(shape, { error: msg.invalidBody })
const buttonPatch = patchOf({ text: patchLine(60), link: linkOrEmpty().optional() })

/** Bodies of PUT /api/admin/anasayfa/{section}: only the changed plain fields; tree and cards have their own calls. */
export const homeSectionPatchSchemas = {
  banner: patchOf({
    backgroundMedia: mediaRef.optional(),
    poster: mediaRef.optional(),
    title: patchTitle(200),
    subtitle: patchLine(500),
    button1: buttonPatch.optional(),
    button2: buttonPatch.optional(),
  }),
  services: patchOf({ title: patchTitle(200), description: patchText(2000) }),
  about: patchOf({ image: mediaRef.optional(), title: patchTitle(200), description: patchText(5000) }),
  partners: patchOf({ title: patchTitle(200), description: patchText(2000) }),
  blog: patchOf({ title: patchTitle(200), description: patchText(2000) }),
} as const
export type HomeSection = keyof typeof homeSectionPatchSchemas

export const titleBodySchema = (message: string) =>
  z.object({ title: requiredLine(message).pipe(z.string().max(200)) })

export type Home = z.infer<typeof homeSchema>
export type PartnerCard = z.infer<typeof partnerCardSchema>

/** Banner media is a video when its extension is mp4, webm or ogg. */
export function isVideo(url: string): boolean {
  return /\.(mp4|webm|ogg)$/i.test(url.split('?')[0] ?? '')
}
