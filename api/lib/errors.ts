import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** The one error shape the clients read: { success: false, message, fields? }. */
export type ErrorBody = { success: false; message: string; fields?: Record<string, string> }

/** Throws an expected failure with a Turkish message; app.onError turns it into JSON. */
export function fail(status: ContentfulStatusCode, message: string, fields?: Record<string, string>): never {
  const body: ErrorBody = fields ? { success: false, message, fields } : { success: false, message }
  throw new HTTPException(status, {
    message,
    res: new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json; charset=UTF-8' },
    }),
  })
}

/** Throws an expected failure whose JSON body carries more than a message (a 412 carries the current item). */
export function failWithBody(status: ContentfulStatusCode, body: ErrorBody & Record<string, unknown>): never {
  throw new HTTPException(status, {
    message: body.message,
    res: new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json; charset=UTF-8' },
    }),
  })
}
