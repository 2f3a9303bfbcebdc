import type { LibraryCategory, LibraryFileVersion, LibraryItem } from '#schema/library.ts'
import { callApi, type ApiResult } from './island-api.ts'

/** A page of items as GET /api/library/items answers it. */
export type ItemPage = { data: LibraryItem[]; total: number; page: number; pageSize: number }

/** Thrown when the server says the library session is over (401): the island shows the login again. */
export class SessionEnded extends Error {}

function checked(result: ApiResult): ApiResult {
  if (result.status === 401) throw new SessionEnded()
  return result
}

export async function fetchItems(query: { q: string; category: string; page: number; pageSize: number }) {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) })
  if (query.q) params.set('q', query.q)
  if (query.category) params.set('category', query.category)
  const result = checked(await callApi(`/api/library/items?${params}`))
  return result.ok ? (result.body as unknown as ItemPage) : null
}

export async function fetchCategories(): Promise<LibraryCategory[] | null> {
  const result = checked(await callApi('/api/library/categories'))
  return result.ok && Array.isArray(result.body.data) ? (result.body.data as LibraryCategory[]) : null
}

/** Starts or continues the member's visit; since when items count as new (null: none). */
export async function startVisit(): Promise<string | null> {
  const result = checked(await callApi('/api/library/visit', { method: 'POST' }))
  return typeof result.body.since === 'string' ? result.body.since : null
}

/** What the shelf shows first: the newest items, and a page of the whole list. */
export const SHELF_NEWEST = 3
export const SHELF_PAGE_SIZE = 10

/** The shelf's first answers, asked for together (each may reject with SessionEnded). */
export type ShelfStart = {
  since: Promise<string | null>
  categories: Promise<LibraryCategory[] | null>
  newest: Promise<ItemPage | null>
  list: Promise<ItemPage | null>
}

/**
 * Asks for everything the shelf shows first at once. /kutuphane's script calls it for a stored member before it
 * loads the dashboard's code, so the answers travel while the code does (Lighthouse, issue 31).
 */
export function startShelf(): ShelfStart {
  const start: ShelfStart = {
    since: startVisit(),
    categories: fetchCategories(),
    newest: fetchItems({ q: '', category: '', page: 1, pageSize: SHELF_NEWEST }),
    list: fetchItems({ q: '', category: '', page: 1, pageSize: SHELF_PAGE_SIZE }),
  }
  // Read later by the shelf; a SessionEnded meanwhile is not an unhandled rejection.
  for (const answer of Object.values(start)) answer.catch(() => {})
  return start
}

/** An item with its earlier files (library admins). */
export async function fetchItem(id: string) {
  const result = checked(await callApi(`/api/library/items/${encodeURIComponent(id)}`))
  return result.ok
    ? {
        item: result.body.data as LibraryItem,
        versions: (result.body.versions ?? []) as LibraryFileVersion[],
      }
    : null
}

/** A JSON write (categories, delete); the result as the islands read it. */
export async function send(path: string, method: string, json?: unknown): Promise<ApiResult> {
  return checked(await callApi(path, { method, json }))
}

/** How far an upload has come: sending bytes (with a percentage), then the server checking and indexing them. */
export type UploadProgress = { stage: 'sending'; percent: number } | { stage: 'processing' }

/**
 * Sends a multipart form with XMLHttpRequest, the one browser API that reports upload progress, and resolves with
 * the answer as callApi would (status 0 when the network failed).
 */
export function sendForm(
  method: 'POST' | 'PUT',
  path: string,
  form: FormData,
  onProgress: (p: UploadProgress) => void,
): Promise<ApiResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, path)
    xhr.responseType = 'text'
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable)
        onProgress({ stage: 'sending', percent: Math.min(100, Math.round((e.loaded / e.total) * 100)) })
    }
    xhr.upload.onload = () => onProgress({ stage: 'processing' })
    xhr.onload = () => {
      if (xhr.status === 401) return reject(new SessionEnded())
      let body: Record<string, unknown> = {}
      try {
        const parsed: unknown = JSON.parse(xhr.responseText)
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
          body = parsed as Record<string, unknown>
      } catch {
        // not JSON: an empty body, as callApi gives
      }
      resolve({
        ok: xhr.status >= 200 && xhr.status < 300 && body.success !== false,
        status: xhr.status,
        body,
      })
    }
    xhr.onerror = () => resolve({ ok: false, status: 0, body: {} })
    xhr.send(form)
  })
}
