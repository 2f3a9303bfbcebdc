import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import { msg } from '#schema/messages.ts'
import type { ErrorBody } from '../lib/errors.ts'
import type { MediaKind } from '../media/sniff-media.ts'
import { maxMediaBytes, tooLargeMessage } from '../media/store-media.ts'

/** Room for the multipart framing and the text fields around a file. */
const FORM_OVERHEAD = 1024 * 1024

/** Hono's bodyLimit: a larger body is refused (413, `message`, msg.tooLarge by default) before it is read. */
export function limitBody(maxSize: number, message: string = msg.tooLarge) {
  // c.json keeps the headers already set on the context (Cache-Control: no-store).
  return bodyLimit({ maxSize, onError: (c) => c.json<ErrorBody>({ success: false, message }, 413) })
}

/**
 * The body limit of a form that carries one file of `kind` plus its text fields; a larger body gets the message
 * naming the file limit ('Görsel en fazla 25 MB olabilir.'), not the generic one.
 */
export function mediaFormLimit(kind: MediaKind) {
  return limitBody(maxMediaBytes(kind) + FORM_OVERHEAD, tooLargeMessage[kind])
}

/** Largest body of a call without a limit of its own: the longest JSON form (who-are-we) fits many times over. */
export const DEFAULT_BODY_BYTES = 256 * 1024

/**
 * Calls that carry files or data-URL images and set their own, larger limits in their routes; programs stream
 * their form through busboy, which bounds every part.
 */
const OWN_LIMIT = [
  /^\/api\/upload$/,
  /^\/api\/admin\/contact-settings$/,
  /^\/api\/admin\/(blogs|social-projects|programs)(\/[^/]+)?$/,
  /^\/api\/admin\/references\/(?!reorder$)[^/]+$/,
  // Library files (up to LIBRARY_MAX_FILE_MB) stream through busboy, which bounds every part.
  /^\/api\/library\/items(\/[^/]+)?$/,
]
const defaultLimit = limitBody(DEFAULT_BODY_BYTES)

/** The body limit of every other /api call: without it, a public call would read any body whole into memory. */
export const defaultBodyLimit = createMiddleware(async (c, next) =>
  OWN_LIMIT.some((own) => own.test(c.req.path)) ? next() : defaultLimit(c, next),
)
