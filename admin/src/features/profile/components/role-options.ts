import { adminRoles, roleLabels } from '#schema/user.ts'

/** Role choices for the selects: 'Yönetici' and 'Süper Yönetici'. */
export const roleOptions = adminRoles.map((role) => ({ value: role, label: roleLabels[role] }))
