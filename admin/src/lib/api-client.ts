/** Error thrown for any non-2xx answer: the server's Turkish message and field errors when it sent them. */
export class ApiError extends Error {
  status: number
  fields: Record<string, string>
  serverMessage: string | null
  /** The whole JSON answer (a 412 carries the current item under `current`). */
  body: unknown
  constructor(
    status: number,
    serverMessage: string | null,
    fields: Record<string, string> = {},
    body: unknown = null,
  ) {
    super(serverMessage ?? `HTTP ${status}`)
    this.status = status
    this.serverMessage = serverMessage
    this.fields = fields
    this.body = body
  }
}

/** Called on 401: the session is gone, so the shell clears adminUser and shows the login. */
let onUnauthorized: () => void = () => {}
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler
}

let lastPublish = 0
/** The number of the publish that carries this tab's latest content save (the API's `X-Publish`); 0 = none yet. */
export function lastSavePublish(): number {
  return lastPublish
}

/** Per-call options: `ifMatch` sends the version the admin loaded, so a stale save gets 412 (issue 11). */
export type RequestOptions = { ifMatch?: string }

/** Per conflicting field, whose value a save over a newer version keeps (issue 19). */
export type MergeChoices = Record<string, 'mine' | 'theirs'>
let pendingChoices: MergeChoices | null = null
let mergedSaves = 0

/** How many saves so far were merged with someone else's newer change (the answer's `X-Content-Merged`). */
export function mergedSaveCount(): number {
  return mergedSaves
}

/**
 * Runs a save with the admin's choices for the fields that clashed: its If-Match request carries them. Set around
 * the editor's own save function, so no editor threads them through its request code.
 */
export async function withMergeChoices<T>(choices: MergeChoices, save: () => Promise<T>): Promise<T> {
  pendingChoices = choices
  try {
    return await save()
  } finally {
    pendingChoices = null
  }
}

/** The answer's JSON and, for documents (about, contact settings), the version its ETag names. */
type Answer<T> = { data: T; version?: string }

async function exchange<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Answer<T>> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: {} }
  if (options.ifMatch) (init.headers as Record<string, string>)['if-match'] = `"${options.ifMatch}"`
  if (options.ifMatch && pendingChoices) {
    ;(init.headers as Record<string, string>)['x-merge-choices'] = encodeURIComponent(JSON.stringify(pendingChoices))
  }
  if (body instanceof FormData) init.body = body
  else if (body !== undefined) {
    init.body = JSON.stringify(body)
    ;(init.headers as Record<string, string>)['content-type'] = 'application/json'
  }
  let res: Response
  try {
    res = await fetch(path, init)
  } catch {
    throw new ApiError(0, null)
  }
  if (res.headers.get('x-content-merged') === '1') mergedSaves++
  const publish = Number(res.headers.get('x-publish'))
  if (publish > 0) lastPublish = Math.max(lastPublish, publish)
  const data = await res.json().catch(() => null)
  if (!res.ok) {
    if (res.status === 401 && !path.endsWith('/login')) onUnauthorized()
    throw new ApiError(
      res.status,
      typeof data?.message === 'string' ? data.message : null,
      data?.fields ?? {},
      data,
    )
  }
  const etag = res.headers.get('etag')
  return { data: data as T, version: etag ? etag.replace(/^W\//, '').replace(/"/g, '') : undefined }
}

const request = async <T>(method: string, path: string, body?: unknown, options?: RequestOptions) =>
  (await exchange<T>(method, path, body, options)).data


/** The one way the admin talks to the API (same origin, session cookie). Bodies: object → JSON, FormData → multipart. */
export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
  /** GET of a document whose version is its ETag (about, contact settings). */
  getVersioned: <T>(path: string) => exchange<T>('GET', path),
  /** A save of such a document: the answer's ETag is the saved version (the next save's If-Match). */
  sendVersioned: <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body: unknown, options?: RequestOptions) =>
    exchange<T>(method, path, body, options),
}

/** The server's message when it sent one, else the spec's fallback text. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback
}
