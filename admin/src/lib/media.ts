import { useQuery } from '@tanstack/react-query'
import type { MediaItem } from '#schema/media.ts'
import { variantUrl } from '#schema/media.ts'
import { api } from './api-client.ts'

/** Where an upload is used (GET /api/admin/media). */
export type MediaUse = { area: string; title: string; path: string }
/** A library entry: the record and its uses. */
/** `keptBy`: the old versions that use an upload today's content does not (it cannot be deleted then). */
export type MediaEntry = MediaItem & { uses: MediaUse[]; keptBy?: string[] }

export const mediaQueryKey = ['media'] as const

/** GET /api/admin/media: every image and video, newest first, with uses. */
export async function getMedia(): Promise<MediaEntry[]> {
  return (await api.get<{ data: MediaEntry[] }>('/api/admin/media')).data
}

/** The library list, shared by the library screen and the picker in image fields. */
export function useMedia(enabled = true) {
  return useQuery({ queryKey: mediaQueryKey, queryFn: getMedia, enabled })
}

/** A small copy for thumbnails (the 400 px WebP) or the original when there is none. */
export function thumbnailUrl(item: Pick<MediaItem, 'url' | 'widths'>): string {
  return item.widths.length ? variantUrl(item.url, item.widths[0]!, 'webp') : item.url
}
