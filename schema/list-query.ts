import { z } from 'zod'
import { fill, msg } from './messages.ts'

/** Page size of the admin lists when the client names none. */
export const ADMIN_PAGE_SIZE = 50
/** Largest page an admin list answers. */
export const ADMIN_MAX_PAGE_SIZE = 500
/** Cards per page of the public blog search. */
export const SEARCH_PAGE_SIZE = 12
/** Largest page the public blog search answers. */
export const SEARCH_MAX_PAGE_SIZE = 48

// Query values arrive as text: digits only (no '1e2', '-1' or '2.5'), at most 7 of them.
const wholeNumber = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^[0-9]{1,7}$/, { error: message })
    .transform(Number)

/** `page` (from 1) and `pageSize` (1 to `max`, `size` when absent) of a paged list. */
export const pagingSchema = (size: number, max: number) => {
  const sizeMessage = fill(msg.listPageSizeInvalid, { max: String(max) })
  return z.object({
    /** Page number, from 1. */
    page: wholeNumber(msg.listPageInvalid)
      .pipe(z.number().min(1, { error: msg.listPageInvalid }))
      .optional()
      .default(1),
    /** Items per page. */
    pageSize: wholeNumber(sizeMessage)
      .pipe(z.number().min(1, { error: sizeMessage }).max(max, { error: sizeMessage }))
      .optional()
      .default(size),
  })
}

/** Search words; blank means no search. */
const searchText = z.string().trim().max(200, { error: msg.listQueryTooLong }).optional().default('')

/** Query of GET /api/admin/blogs and /api/admin/social-projects: paging plus `q` (title, excerpt, tags). */
export const adminListQuerySchema = pagingSchema(ADMIN_PAGE_SIZE, ADMIN_MAX_PAGE_SIZE).extend({
  /** Words searched in title, excerpt and tags (Turkish case-insensitive). */
  q: searchText,
  /** 'scheduled': only items whose publish time is still ahead ('Zamanlandı', issue 21). */
  state: z.enum(['all', 'scheduled'], { error: msg.invalidBody }).optional().default('all'),
})
export type AdminListQuery = z.output<typeof adminListQuerySchema>

/** Query of the public blog search: paging plus `q` (title, excerpt, content) and an exact `tag`. */
export const blogSearchQuerySchema = pagingSchema(SEARCH_PAGE_SIZE, SEARCH_MAX_PAGE_SIZE).extend({
  /** Words searched in title, excerpt and content (Turkish case-insensitive). */
  q: searchText,
  /** A tag the post must carry exactly; blank means any. */
  tag: z.string().trim().max(60, { error: msg.listTagTooLong }).optional().default(''),
})
export type BlogSearchQuery = z.output<typeof blogSearchQuerySchema>

/** A page of a list as the API answers it, next to the list's own key (`data` or `projects`). */
export type PageInfo = {
  /** Items matching the search, over all pages. */
  total: number
  page: number
  pageSize: number
}
