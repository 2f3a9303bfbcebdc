import { bodyLimit } from 'hono/body-limit'
import { msg } from '#schema/messages.ts'
import type { ErrorBody } from './errors.ts'
import type { MediaKind } from './sniff-media.ts'
import { maxMediaBytes } from './store-media.ts'

/** Room for the multipart framing and the text fields around a file. */
const FORM_OVERHEAD = 1024 * 1024

/** Hono's bodyLimit: a larger body is refused (413, `message`, msg.tooLarge by default) before it is read. */
export function limitBody(maxSize: number, message: string = msg.tooLarge) {
  // c.json keeps the headers already set on the context (Cache-Control: no-store).
  return bodyLimit({ maxSize, onError: (c) => c.json<ErrorBody>({ success: false, message }, 413) })
}

/** The body limit of a form that carries one file of `kind` plus its text fields. */
export function mediaFormLimit(kind: MediaKind) {
  return limitBody(maxMediaBytes(kind) + FORM_OVERHEAD)
}
