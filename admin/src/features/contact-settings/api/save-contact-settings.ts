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
}

/** PUT /api/admin/contact-settings as multipart: every field, socialLinks as JSON text, optional logoFile. */
export async function saveContactSettings({ input, logoFile, removeLogo }: ContactSettingsSave) {
  const form = new FormData()
  const { socialLinks, ...rest } = input
  for (const [key, value] of Object.entries(rest)) form.append(key, value)
  form.append('socialLinks', JSON.stringify(socialLinks))
  if (logoFile) form.append('logoFile', logoFile)
  else if (removeLogo) form.append('logo', '')
  return api.put<{ message?: string; data: ContactSettings }>('/api/admin/contact-settings', form)
}

export function useSaveContactSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveContactSettings,
    onSuccess: (res) => queryClient.setQueryData(contactSettingsKey, res.data),
  })
}
