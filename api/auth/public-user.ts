import type { PublicMember } from '#schema/library-member.ts'
import type { PublicUser } from '#schema/user.ts'
import type { StoredMember, StoredUser } from '../store/data-store.ts'

/** What the API may return of a user: never the hash. */
export function publicUser(u: StoredUser): PublicUser {
  const user: PublicUser = { id: u.id, name: u.name, email: u.email, role: u.role, createdAt: u.createdAt }
  return u.mustChangePassword ? { ...user, mustChangePassword: true } : user
}

/** What the API may return of a library member: never the hash. */
export function publicMember(m: StoredMember): PublicMember {
  return { id: m.id, name: m.name, email: m.email, role: m.role, created_at: m.created_at }
}
