import { z } from 'zod'
import { msg } from './messages.ts'
import { email, requiredText } from './common.ts'
import { memberRoles } from './member-roles.ts'

export { memberRoleLabels, memberRoles, type MemberRole, type PublicMember } from './member-roles.ts'

/** Body of POST and PUT /api/admin/library-members: the edit form also requires a password. */
export const memberInputSchema = z.object({
  name: requiredText().pipe(z.string().max(120)),
  email: email(),
  password: z.string({ error: msg.required }).min(8, { error: msg.passwordTooShort }).max(200),
  role: z.enum(memberRoles, { error: 'Geçersiz rol.' }).optional().default('member'),
})
