import type { PublicMember } from '#schema/member-roles.ts'

/** localStorage key of the logged-in library member (spec section 3). */
export const MEMBER_KEY = 'libraryMember'

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The stored member, or null when none is stored or the value is not a member's JSON. */
export function readMember(store: KeyValueStore): PublicMember | null {
  let value: unknown
  try {
    value = JSON.parse(store.getItem(MEMBER_KEY) ?? 'null')
  } catch {
    return null
  }
  if (!value || typeof value !== 'object') return null
  const member = value as Record<string, unknown>
  if (typeof member.name !== 'string' || typeof member.email !== 'string') return null
  return {
    id: typeof member.id === 'string' ? member.id : '',
    name: member.name,
    email: member.email,
    role: member.role === 'library_admin' ? 'library_admin' : 'member',
    created_at: typeof member.created_at === 'string' ? member.created_at : '',
  }
}

/** Stores the member returned by the login call. */
export function saveMember(store: KeyValueStore, member: PublicMember): void {
  store.setItem(MEMBER_KEY, JSON.stringify(member))
}

/** Forgets the member (logout). */
export function clearMember(store: KeyValueStore): void {
  store.removeItem(MEMBER_KEY)
}
