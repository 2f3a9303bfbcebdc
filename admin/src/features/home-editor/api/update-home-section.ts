import { useMutation, useQueryClient } from '@tanstack/react-query'
import { homeSectionPatchSchemas, type Home, type HomeSection } from '#schema/home.ts'
import { api } from '../../../lib/api-client.ts'
import { guardedWrite } from '../section-guard.ts'
import { homeQueryKey } from './get-home.ts'

/** `base`: the version a restored draft started from (sent as If-Match instead of the section's latest). */
export type SectionPatch = { section: HomeSection; patch: Record<string, unknown>; base?: string }

/** PUT /api/admin/anasayfa/{section} with only the changed fields, checked with the shared schema first. */
export async function updateHomeSection({ section, patch, base }: SectionPatch) {
  const body = homeSectionPatchSchemas[section].parse(patch)
  return guardedWrite(section, (ifMatch) =>
    api.sendVersioned<{ success: boolean; message?: string; data?: unknown }>(
      'PUT',
      `/api/admin/anasayfa/${section}`,
      body,
      { ifMatch },
    ),
    base,
  )
}

/** Saves a section's changed fields and merges them into the cached home content. */
export function useUpdateHomeSection() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateHomeSection,
    onSuccess: (_result, { section, patch }) => {
      queryClient.setQueryData<Home>(homeQueryKey, (home) =>
        home ? { ...home, [section]: { ...home[section], ...patch } } : home,
      )
    },
  })
}
