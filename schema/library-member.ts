import { z } from 'zod'
import { msg } from './messages.ts'
import { email, requiredText } from './common.ts'

export const memberRoles = ['member', 'library_admin'] as const
export type MemberRole = (typeof memberRoles)[number]
/** The roles as screens name them (issue 30: 'Library Admin' was English); the API keeps `library_admin`. */
export const memberRoleLabels: Record<MemberRole, string> = { member: 'Üye', library_admin: 'Kütüphane Yöneticisi' }

/** Body of POST and PUT /api/admin/library-members: the edit form also requires a password. */
export const memberInputSchema = z.object({
  name: requiredText().pipe(z.string().max(120)),
  email: email(),
  password: z.string({ error: msg.required }).min(8, { error: msg.passwordTooShort }).max(200),
  role: z.enum(memberRoles, { error: 'Geçersiz rol.' }).optional().default('member'),
})

/** A member as the API returns it: never the password. */
export type PublicMember = { id: string; name: string; email: string; role: MemberRole; created_at: string }
