import { z } from 'zod'
import { msg } from './messages.ts'
import { email, requiredText } from './common.ts'

export const adminRoles = ['admin', 'superadmin'] as const
export type AdminRole = (typeof adminRoles)[number]
/** The roles as staff read them: Turkish everywhere (the spec names them 'Super Admin'/'Admin'; issue 23). */
export const roleLabels: Record<AdminRole, string> = { superadmin: 'Süper Yönetici', admin: 'Yönetici' }

const password = z.string({ error: msg.required }).min(8, { error: msg.passwordTooShort }).max(200)
/** Blank keeps the current password. */
const optionalPassword = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(password.optional())

export const loginSchema = z.object({
  email: email(),
  password: z.string({ error: msg.required }).min(1, { error: msg.required }).max(200),
})

export const userCreateSchema = z.object({
  name: requiredText().pipe(z.string().max(120)),
  email: email(),
  password,
  role: z.enum(adminRoles, { error: 'Geçersiz rol.' }).optional().default('admin'),
})

export const userUpdateSchema = z.object({
  name: requiredText().pipe(z.string().max(120)),
  email: email(),
  password: optionalPassword,
  /** The editor's own current password: required to change one's own password or e-mail. */
  currentPassword: z.string().max(200).optional(),
  role: z.enum(adminRoles, { error: 'Geçersiz rol.' }).optional(),
})

/** An admin user as the API returns it: never a password or hash. */
export type PublicUser = {
  id: string
  name: string
  email: string
  role: AdminRole
  createdAt: string
  /** Set after admin:reset-password: the admin shows 'Yeni şifrenizi belirleyin' before anything else. */
  mustChangePassword?: boolean
}
