import { useQuery } from '@tanstack/react-query'
import type { ContactSettings } from '#schema/contact-settings.ts'
import { api } from '../../../lib/api-client.ts'

export const contactSettingsKey = ['contact-settings'] as const

/** GET /api/contact-settings (the same read the public site uses). */
export async function fetchContactSettings(): Promise<Partial<ContactSettings>> {
  const res = await api.get<{ data?: Partial<ContactSettings> }>('/api/contact-settings')
  return res.data ?? {}
}

export function useContactSettings() {
  return useQuery({ queryKey: contactSettingsKey, queryFn: fetchContactSettings })
}
