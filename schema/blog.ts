import { z } from 'zod'
import { msg } from './messages.ts'
import { slugInput, storedSlug } from './address.ts'
import { excerptFallback, id, line, mediaRef, optionalLine, optionalText, requiredLine, status, text } from './common.ts'
import { scheduleOrderOk, scheduleTime, storedScheduleTime } from './schedule.ts'

export const MAX_BLOG_TEXT = 20
export const MAX_BLOG_IMAGES = 20
export const MAX_BLOG_FIELDS = 40
export const DEFAULT_AUTHOR = 'Dijital Dönüşüm Ekibi'

/** One block of a post: text, or image (src once stored; imageIndex points into the uploaded files). */
export const blogContentItemSchema = z.object({
  id: z.string().max(64).optional(),
  type: z.enum(['text', 'image'], { error: 'Geçersiz içerik alanı türü.' }),
  content: text().max(50000).optional().default(''),
  order: z.number().int().min(0).optional(),
  imageIndex: z
    .number()
    .int()
    .min(0)
    .max(MAX_BLOG_IMAGES - 1)
    .optional(),
  src: mediaRef.optional(),
  alt: optionalLine(300),
})

export const blogContentStructureSchema = z
  .array(blogContentItemSchema)
  .max(MAX_BLOG_FIELDS, { error: msg.blogFieldsMax })
  .refine((items) => items.filter((i) => i.type === 'text').length <= MAX_BLOG_TEXT, {
    error: msg.blogTextMax,
  })
  .refine((items) => items.filter((i) => i.type === 'image').length <= MAX_BLOG_IMAGES, {
    error: msg.blogFieldsMax,
  })

/** Fields of the admin blog form (multipart: tags and contentStructure arrive as JSON text). */
export const blogInputSchema = z
  .object({
    title: requiredLine(msg.blogTitleRequired).pipe(z.string().max(300)),
    excerpt: optionalText(1000),
    author: optionalLine(120),
    tags: z.array(line().trim().min(1).max(60)).max(30).default([]),
    status,
    contentStructure: blogContentStructureSchema.default([]),
    /** The 'Adres' field (absent: made from the title on creation, kept on edit). */
    slug: slugInput.optional(),
    publishAt: scheduleTime,
    unpublishAt: scheduleTime,
  })
  .refine(scheduleOrderOk, { error: msg.scheduleOrder, path: ['unpublishAt'] })
  .transform((post) => ({
    ...post,
    excerpt: excerptFallback(post.excerpt, post.title),
    author: post.author || DEFAULT_AUTHOR,
  }))

/** A stored post (content/blogs.json); views come from the counters. */
export const blogPostSchema = z.object({
  id,
  title: line(),
  excerpt: text(),
  author: line(),
  tags: z.array(line()),
  status: z.enum(['published', 'draft']).default('published'),
  featuredImage: z.string().default(''),
  images: z.array(z.string()).default([]),
  contentStructure: z.array(blogContentItemSchema).default([]),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
  /** The address part of /blog/{slug}; missing on older posts, whose address is their id (schema/address.ts). */
  slug: storedSlug.optional(),
  /** Addresses the post had before: they answer 301 to the current one. */
  oldSlugs: z.array(storedSlug).optional(),
  /** Scheduled publish and unpublish (schema/schedule.ts). */
  publishAt: storedScheduleTime,
  unpublishAt: storedScheduleTime,
})
export type BlogPost = z.infer<typeof blogPostSchema>
export type BlogContentItem = z.infer<typeof blogContentItemSchema>
