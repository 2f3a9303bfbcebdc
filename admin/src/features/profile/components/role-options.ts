import { adminRoles, roleLabels } from '#schema/user.ts'

/** Role choices for the selects: 'Admin' and 'Super Admin'. */
export const roleOptions = adminRoles.map((role) => ({ value: role, label: roleLabels[role] }))
