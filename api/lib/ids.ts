import { randomBytes } from 'node:crypto'

/** Short random url-safe id; unguessable enough for file names too. */
export function newId(bytes = 9): string {
  return randomBytes(bytes).toString('base64url')
}
