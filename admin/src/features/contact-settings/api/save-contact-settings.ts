import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { ContactSettings, contactSettingsInputSchema } from '#schema/contact-settings.ts'
import { api } from '../../../lib/api-client.ts'
import { contactSettingsKey } from './get-contact-settings.ts'

export type ContactSettingsSave = {
  input: z.output<typeof contactSettingsInputSchema>
  /** The logo's URL: uploaded when chosen, or picked from the media library; '' for none. */
  logo: string
  /** The version as loaded or last saved, sent as If-Match. */
  version?: string
}

/**
 * PUT /api/admin/contact-settings as multipart: every field, socialLinks as JSON text, and the logo as its URL (the
 * image field uploads it first, so the optional logoFile part of the spec is not needed).
 */
export async function saveContactSettings({ input, logo, version }: ContactSettingsSave) {
  const form = new FormData()
  const { socialLinks, ...rest } = input
  for (const [key, value] of Object.entries(rest)) form.append(key, value)
  form.append('socialLinks', JSON.stringify(socialLinks))
  form.append('logo', logo)
  const res = await api.sendVersioned<{ message?: string; data: ContactSettings }>(
    'PUT',
    '/api/admin/contact-settings',
    form,
    { ifMatch: version },
  )
  // The answer's ETag is the saved version: the next save's If-Match.
  return { ...res.data, version: res.version }
}

export function useSaveContactSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveContactSettings,
    onSuccess: (res) => queryClient.setQueryData(contactSettingsKey, { ...res.data, version: res.version }),
  })
}
