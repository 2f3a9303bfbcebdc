/** The parts of our API's JSON answers the islands read ({ success, message, fields? }). */
export type ApiBody = { success?: boolean; message?: unknown; fields?: unknown; [key: string]: unknown }

/** Outcome of a call: ok mirrors response.ok; body is {} when the answer was not JSON. */
export type ApiResult = { ok: boolean; status: number; body: ApiBody }

/** Sends JSON (or nothing) to our API and never throws: a network failure becomes status 0. */
export async function callApi(
  path: string,
  init: { method?: string; json?: unknown } = {},
): Promise<ApiResult> {
  try {
    const response = await fetch(path, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers: init.json === undefined ? undefined : { 'content-type': 'application/json' },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      credentials: 'same-origin',
    })
    const body = await response.json().catch(() => ({}))
    return { ok: response.ok && body?.success !== false, status: response.status, body: asBody(body) }
  } catch {
    return { ok: false, status: 0, body: {} }
  }
}

function asBody(value: unknown): ApiBody {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as ApiBody) : {}
}

/** The server's message when it sent a non-blank one, otherwise the spec's fallback text. */
export function messageOf(body: ApiBody, fallback: string): string {
  return typeof body.message === 'string' && body.message.trim() !== '' ? body.message : fallback
}

/** Field errors of a 400 answer ({ fields: { name: message } }), keeping only string messages. */
export function fieldErrorsOf(body: ApiBody): Record<string, string> {
  const fields = body.fields
  if (!fields || typeof fields !== 'object') return {}
  return Object.fromEntries(
    Object.entries(fields as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  )
}
