import { z } from 'zod'
import { adminListQuerySchema } from './list-query.ts'

/** One admin action as the API answers it. */
export type AuditEntry = {
  id: number
  /** When it happened (ISO). */
  at: string
  userId: string | null
  userName: string | null
  userEmail: string | null
  /** What was done, as a Turkish sentence after the user's name ('"e-İmza Nedir?" blog yazısını güncelledi'). */
  action: string
  /** The request behind it: only superadmins get these (shown behind 'Ayrıntılar'). */
  method?: string
  path?: string
  /** HTTP status of the answer (>= 400: the attempt failed). */
  status: number
  /** The fields a save changed, by the names the forms show ('Başlık', 'Özet'): 'Ayrıntılar' lists them (issue 30). */
  changes?: string[]
}

/** Query of the audit page: page, pageSize, q (words of the action or path) and one user's e-mail. */
export const auditQuerySchema = adminListQuerySchema.extend({
  /** Only this user's actions (their e-mail). */
  user: z.string().trim().max(200).optional().default(''),
})
