import { api } from './api-client.ts'

/** The content files the history API knows (GET /api/admin/history/{collection}). */
export type HistoryCollection =
  'blogs' | 'social-projects' | 'programs' | 'references' | 'home' | 'about' | 'contact-settings'

/** One version of an item: who saved it, when, which fields changed. */
export type HistoryEntry = {
  commit: string
  author: { name: string; email: string }
  date: string
  message: string
  version: string
  deleted: boolean
  changes: { field: string; label: string; before: string; after: string }[]
}

const base = (collection: HistoryCollection) => `/api/admin/history/${collection}`

/** The versions of an entry (id), a home section (its key) or a document (no id), newest first. */
export async function getHistory(collection: HistoryCollection, id?: string): Promise<HistoryEntry[]> {
  const res = await api.get<{ data: HistoryEntry[] }>(
    `${base(collection)}${id ? `?id=${encodeURIComponent(id)}` : ''}`,
  )
  return res.data
}

/** Restores a version: a new save (and commit) that publishes like any other. */
export function restoreVersion(collection: HistoryCollection, id: string | undefined, commit: string) {
  return api.post<{ message: string }>(`${base(collection)}/restore`, { commit, id })
}
