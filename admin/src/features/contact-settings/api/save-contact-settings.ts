import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { ContactSettings, contactSettingsInputSchema } from '#schema/contact-settings.ts'
import { api } from '../../../lib/api-client.ts'
import { contactSettingsKey } from './get-contact-settings.ts'

export type ContactSettingsSave = {
  input: z.output<typeof contactSettingsInputSchema>
  /** A new logo file to upload. */
  logoFile: File | null
  /** True when the admin removed the current logo (and chose no new one). */
  removeLogo: boolean
  /** The version as loaded or last saved, sent as If-Match. */
  version?: string
}

/** PUT /api/admin/contact-settings as multipart: every field, socialLinks as JSON text, optional logoFile. */
export async function saveContactSettings({ input, logoFile, removeLogo, version }: ContactSettingsSave) {
  const form = new FormData()
  const { socialLinks, ...rest } = input
  for (const [key, value] of Object.entries(rest)) form.append(key, value)
  form.append('socialLinks', JSON.stringify(socialLinks))
  if (logoFile) form.append('logoFile', logoFile)
  else if (removeLogo) form.append('logo', '')
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
