import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from './api-client.ts'

/** A preview link as POST /api/admin/preview answers it. */
export type PreviewLink = { url: string; expiresAt: string; id: string; shared: boolean }
/** A shared link still working, as the item's editor lists it. */
export type SharedLink = { id: string; createdBy: string; createdAt: string; expiresAt: string }

const linksKey = (collection: string, id: string) => ['preview-links', collection, id] as const

/** POST /api/admin/preview: the page as it would be published with these unsaved values. */
export const createPreview = (collection: string, id: string | undefined, data: unknown, share = false) =>
  api.post<{ data: PreviewLink }>('/api/admin/preview', { collection, id, data, share }).then((r) => r.data)

/** The item's shared preview links that still work. */
export function useSharedLinks(collection: string, id: string | undefined, enabled = !!id) {
  return useQuery({
    queryKey: linksKey(collection, id ?? ''),
    queryFn: () =>
      api
        .get<{ data: SharedLink[] }>(`/api/admin/preview?${new URLSearchParams({ collection, id: id ?? '' })}`)
        .then((r) => r.data),
    enabled,
  })
}

/** Revokes a shared link ('Bağlantıyı iptal et') and refreshes the item's list. */
export function useRevokeLink(collection: string, id: string | undefined) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (linkId: string) => api.delete<{ message?: string }>(`/api/admin/preview/${linkId}`),
    onSettled: () => client.invalidateQueries({ queryKey: linksKey(collection, id ?? '') }),
  })
}

/** After a share, the item's list shows the new link. */
export function useRefreshLinks(collection: string, id: string | undefined) {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: linksKey(collection, id ?? '') })
}
