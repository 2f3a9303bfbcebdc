import { useQuery } from '@tanstack/react-query'
import type { ContactSettings } from '#schema/contact-settings.ts'
import { api } from '../../../lib/api-client.ts'

export const contactSettingsKey = ['contact-settings'] as const

/** The settings as loaded, with the version their ETag named (the first save's If-Match). */
export type LoadedContactSettings = Partial<ContactSettings> & { version?: string }

/** GET /api/contact-settings (the same read the public site uses). */
export async function fetchContactSettings(): Promise<LoadedContactSettings> {
  const { data: res, version } = await api.getVersioned<{ data?: Partial<ContactSettings> }>('/api/contact-settings')
  return { ...(res.data ?? {}), version }
}

export function useContactSettings() {
  return useQuery({ queryKey: contactSettingsKey, queryFn: fetchContactSettings })
}
