import { createHash } from 'node:crypto'

/** Who made a change: the admin's name and e-mail become the commit's author. */
export type GitAuthor = { name: string; email: string }

// git refuses a name made only of these (ident.c's "crud"), and never keeps '<', '>' or line breaks in an ident.
const CRUD = /^[\s.,:;<>"\\']*$/
const NOT_IN_IDENT = /[<>\p{Cc}]/gu

/**
 * An author git accepts, keeping who it was: characters git cannot store are dropped, and a name git refuses
 * (an admin called '...') becomes the admin's e-mail, never someone else's name (issue 18).
 */
export function acceptableAuthor(author: GitAuthor): GitAuthor {
  const email = author.email.replace(NOT_IN_IDENT, '').trim()
  let name = author.name.replace(NOT_IN_IDENT, ' ').replace(/\s+/g, ' ').trim()
  if (CRUD.test(name)) name = CRUD.test(email) ? 'Yönetici' : email
  return { name, email }
}

/** A commit message git stores as one subject line: control characters (a NUL is refused outright) become spaces. */
export const oneLineMessage = (message: string) =>
  message
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim() || 'İçerik güncellendi'

/** The id git gives these bytes as a blob (`git hash-object`), computed here without a process. */
export function blobId(
  bytes: string | Uint8Array | readonly Uint8Array[],
  format: 'sha1' | 'sha256' = 'sha1',
) {
  const pieces =
    typeof bytes === 'string' ? [Buffer.from(bytes)] : bytes instanceof Uint8Array ? [bytes] : bytes
  const size = pieces.reduce((sum, p) => sum + p.byteLength, 0)
  const hash = createHash(format).update(`blob ${size}\0`)
  for (const piece of pieces) hash.update(piece)
  return hash.digest('hex')
}

/** The bytes as one buffer (a journal row keeps them whole). */
export const joinBytes = (bytes: string | Uint8Array | readonly Uint8Array[]): Uint8Array =>
  typeof bytes === 'string' ? Buffer.from(bytes) : bytes instanceof Uint8Array ? bytes : Buffer.concat(bytes)

const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@'"]+@/gi

/**
 * Text with every URL's user name and password replaced by '***' (a CONTENT_GIT_REMOTE like
 * https://user:token@host/… in a status, an error or a log line); `secrets` are also blanked wherever they appear.
 */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text.replace(URL_USERINFO, '$1***@')
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('***')
  return out
}

/** The user name and password a remote URL carries (raw and decoded), to blank anywhere they show up. */
export function secretsOf(remote: string | undefined): string[] {
  const match = remote && /^[a-z][a-z0-9+.-]*:\/\/([^\s/@]+)@/i.exec(remote)
  if (!match) return []
  const userinfo = match[1]!
  const parts = [userinfo, ...userinfo.split(':')]
  const decoded = parts.map((p) => {
    try {
      return decodeURIComponent(p)
    } catch {
      return p
    }
  })
  return [...new Set([...parts, ...decoded])].sort((a, b) => b.length - a.length)
}
