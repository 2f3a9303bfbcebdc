import { msg } from '#schema/messages.ts'
import { fail } from '../lib/errors.ts'

/** Fails with 409 msg.emailTaken when another record (not `exceptId`) already has the e-mail. */
export function assertEmailFree(
  records: { id: string; email: string }[],
  email: string,
  exceptId?: string,
): void {
  if (records.some((r) => r.email === email && r.id !== exceptId))
    fail(409, msg.emailTaken, { email: msg.emailTaken })
}
