/**
 * The library's roles and their Turkish names, without zod: the member's dashboard on /kutuphane imports these and
 * must not pull the validation library into a phone's download (issue 31, decision 315).
 */
export const memberRoles = ['member', 'library_admin'] as const
export type MemberRole = (typeof memberRoles)[number]
/** The roles as screens name them (issue 30: 'Library Admin' was English); the API keeps `library_admin`. */
export const memberRoleLabels: Record<MemberRole, string> = {
  member: 'Üye',
  library_admin: 'Kütüphane Yöneticisi',
}

/** A member as the API returns it: never the password. */
export type PublicMember = { id: string; name: string; email: string; role: MemberRole; created_at: string }
