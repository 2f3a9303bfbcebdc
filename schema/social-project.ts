import { z } from 'zod'
import { msg } from './messages.ts'
import { slugInput, storedSlug } from './address.ts'
import {
  excerptFallback,
  id,
  line,
  mediaRef,
  optionalLine,
  optionalText,
  requiredLine,
  status,
  text,
} from './common.ts'
import { scheduleOrderOk, scheduleTime, storedScheduleTime } from './schedule.ts'

export const MAX_PROJECT_TEXT = 20
export const MAX_PROJECT_IMAGES = 20
export const MAX_PROJECT_FIELDS = 40

/** One block of a project: text, heading (level 2 to 4, default 2) or image with optional caption. */
export const projectContentItemSchema = z.object({
  id: z.string().max(64).optional(),
  type: z.enum(['text', 'heading', 'image'], { error: 'Geçersiz içerik alanı türü.' }),
  content: text().max(50000).optional().default(''),
  level: z
    .number({ error: msg.projectHeadingLevel })
    .int({ error: msg.projectHeadingLevel })
    .min(2, { error: msg.projectHeadingLevel })
    .max(4, { error: msg.projectHeadingLevel })
    .optional()
    .default(2),
  caption: optionalLine(300),
  order: z.number().int().min(0).optional(),
  imageIndex: z
    .number()
    .int()
    .min(0)
    .max(MAX_PROJECT_IMAGES - 1)
    .optional(),
  src: mediaRef.optional(),
  alt: optionalLine(300),
})

export const projectContentStructureSchema = z
  .array(projectContentItemSchema)
  .max(MAX_PROJECT_FIELDS, { error: msg.projectFieldsMax })
  .refine((items) => items.filter((i) => i.type === 'text').length <= MAX_PROJECT_TEXT, {
    error: msg.projectTextMax,
  })
  .refine((items) => items.filter((i) => i.type === 'image').length <= MAX_PROJECT_IMAGES, {
    error: msg.projectImageMax,
  })

/** Fields of the admin project form (multipart; contentStructure arrives as JSON text). */
export const projectInputSchema = z
  .object({
    title: requiredLine(msg.projectTitleRequired).pipe(z.string().max(300)),
    excerpt: optionalText(1000),
    status,
    /** yyyy-mm-dd; the form marks it required. */
    project_date: z
      .string({ error: 'Proje tarihi zorunludur.' })
      .trim()
      .min(1, { error: 'Proje tarihi zorunludur.' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: msg.projectDateFormat })
      .refine((v) => !Number.isNaN(Date.parse(v)), { error: msg.invalidDate }),
    description: optionalText(10000),
    contentStructure: projectContentStructureSchema.default([]),
    /** The 'Adres' field (absent: made from the title on creation, kept on edit). */
    slug: slugInput.optional(),
    publishAt: scheduleTime,
    unpublishAt: scheduleTime,
  })
  .refine(scheduleOrderOk, { error: msg.scheduleOrder, path: ['unpublishAt'] })
  .transform((p) => ({ ...p, excerpt: excerptFallback(p.excerpt, p.title) }))

/** A stored project (content/social-projects.json). */
export const socialProjectSchema = z.object({
  id,
  title: line(),
  excerpt: text(),
  status: z.enum(['published', 'draft']).default('published'),
  project_date: z.string(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
  images: z.array(z.string()).default([]),
  contentStructure: z.array(projectContentItemSchema).default([]),
  description: text().default(''),
  /** The address part of /sosyal-sorumluluk/{slug}; missing on older projects (their id is their address). */
  slug: storedSlug.optional(),
  /** Addresses the project had before: they answer 301 to the current one. */
  oldSlugs: z.array(storedSlug).optional(),
  /** Scheduled publish and unpublish (schema/schedule.ts). */
  publishAt: storedScheduleTime,
  unpublishAt: storedScheduleTime,
})
export type SocialProject = z.infer<typeof socialProjectSchema>
export type ProjectContentItem = z.infer<typeof projectContentItemSchema>
