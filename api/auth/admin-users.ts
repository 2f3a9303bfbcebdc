import { msg } from '#schema/messages.ts'
import type { AdminRole } from '#schema/user.ts'
import type { StoredUser } from '../store/data-store.ts'
import { fail } from '../lib/errors.ts'
import { assertEmailFree } from './unique-email.ts'

export type UserChanges = {
  name: string
  email: string
  role?: AdminRole
  passwordHash?: string
  /** With a new password: the time from which sessions count (older ones end). */
  sessionsFrom?: string
}

const superadmins = (users: StoredUser[]) => users.filter((u) => u.role === 'superadmin').length

/**
 * Applies an edit under the rules: an admin may edit only their own record and not its role; a superadmin
 * edits anyone; the last superadmin keeps the role. Runs inside the store update, so checks and write are atomic.
 */
export function updateUser(
  users: StoredUser[],
  actor: StoredUser,
  id: string,
  changes: UserChanges,
): StoredUser {
  const isSuper = actor.role === 'superadmin'
  if (!isSuper && actor.id !== id) fail(403, msg.forbidden)
  const target = users.find((u) => u.id === id)
  if (!target) fail(404, msg.notFound)
  const role = changes.role ?? target.role
  if (role !== target.role && !isSuper) fail(403, msg.forbidden)
  if (target.role === 'superadmin' && role !== 'superadmin' && superadmins(users) <= 1)
    fail(409, msg.lastSuperadmin)
  assertEmailFree(users, changes.email, id)
  target.name = changes.name
  target.email = changes.email
  target.role = role
  if (changes.passwordHash) {
    target.passwordHash = changes.passwordHash
    target.sessionsFrom = changes.sessionsFrom
    // A one-time password is over once its owner chose a new one (another admin setting it keeps it one-time).
    if (actor.id === id) delete target.mustChangePassword
  }
  return target
}

/** Removes a user: never oneself (400), never the last superadmin (409). */
export function deleteUser(users: StoredUser[], actor: StoredUser, id: string): void {
  if (actor.id === id) fail(400, msg.cannotDeleteSelf)
  const index = users.findIndex((u) => u.id === id)
  if (index < 0) fail(404, msg.notFound)
  if (users[index]!.role === 'superadmin' && superadmins(users) <= 1) fail(409, msg.lastSuperadmin)
  users.splice(index, 1)
}
