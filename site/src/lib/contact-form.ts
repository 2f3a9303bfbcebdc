/** The five fields of the public contact form (spec sections 2 and 5). */
export const contactFields = ['name', 'email', 'phone', 'subject', 'message'] as const
export type ContactField = (typeof contactFields)[number]
export type ContactValues = Record<ContactField, string>

export const emptyContact: ContactValues = { name: '', email: '', phone: '', subject: '', message: '' }

/** The submit button is enabled only when all five fields are non-blank. */
export function isContactComplete(values: ContactValues): boolean {
  return contactFields.every((field) => values[field].trim() !== '')
}

/** The values as sent: trimmed, so stray spaces never reach the server. */
export function contactPayload(values: ContactValues): ContactValues {
  return Object.fromEntries(contactFields.map((field) => [field, values[field].trim()])) as ContactValues
}
