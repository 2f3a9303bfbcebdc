import { useMutation, useQueryClient } from '@tanstack/react-query'
import { msg } from '#schema/messages.ts'
import { titleBodySchema } from '#schema/home.ts'
import { api } from '../../../lib/api-client.ts'
import { guardedWrite } from '../section-guard.ts'
import { homeQueryKey } from './get-home.ts'

export const serviceHeadingSchema = titleBodySchema(msg.serviceTitleRequired)

/** POST /api/admin/anasayfa/services/tree { title } */
export async function addServiceHeading(title: string) {
  const body = serviceHeadingSchema.parse({ title })
  return guardedWrite('services', (ifMatch) =>
    api.sendVersioned<{ success: boolean; message?: string }>('POST', '/api/admin/anasayfa/services/tree', body, {
      ifMatch,
    }),
  )
}

/** Adds a main heading to the services tree, then reloads the home content. */
export function useAddServiceHeading() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addServiceHeading,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: homeQueryKey }),
  })
}
