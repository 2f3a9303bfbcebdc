import { z } from 'zod'

/** Largest page a list answers (the admin inbox, archive and audit log). */
export const MAX_PAGE_SIZE = 500

/** Query of a paginated admin list: page from 1, pageSize 1–500 (default 50), q an optional search text. */
export const pageQuerySchema = z.object({
  /** Page number, from 1. */
  page: z.coerce
    .number({ error: 'Geçersiz sayfa numarası.' })
    .int()
    .min(1, 'Geçersiz sayfa numarası.')
    .default(1),
  /** Rows per page, at most 500. */
  pageSize: z.coerce
    .number({ error: 'Sayfa boyutu 1 ile 500 arasında olmalıdır.' })
    .int()
    .min(1, 'Sayfa boyutu 1 ile 500 arasında olmalıdır.')
    .max(MAX_PAGE_SIZE, 'Sayfa boyutu 1 ile 500 arasında olmalıdır.')
    .default(50),
  /** Search text (Turkish case-insensitive). */
  q: z.string().max(200, 'Arama metni en fazla 200 karakter olabilir.').optional(),
})
export type PageQuery = z.infer<typeof pageQuerySchema>

/** A page of a list as the API answers it: the rows plus where they sit in the whole. */
export type Paged<T> = { data: T[]; total: number; page: number; pageSize: number }
