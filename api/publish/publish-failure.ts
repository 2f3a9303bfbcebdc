import { msg } from '#schema/messages.ts'

/**
 * What staff read when a publish fails. The error's own message (an errno, a path, a tool's output) stays for the
 * operator's log and the readiness check; the admin shows a plain Turkish sentence instead (decision 076).
 */

/** A failure whose cause the publisher knows, with the sentence staff read. */
export class PublishFailure extends Error {
  readonly staffText: string
  constructor(message: string, staffText: string) {
    super(message)
    this.staffText = staffText
  }
}

/** "2 saniyede", "10 dakikada": how long a killed process was given. */
export function withinText(ms: number): string {
  const seconds = Math.round(ms / 1000)
  return seconds < 120 ? `${seconds} saniyede` : `${Math.round(seconds / 60)} dakikada`
}

/** Causes the file layer reports, by errno code. */
const BY_CODE: Record<string, string> = {
  ENOSPC: msg.publishDiskFull,
  EDQUOT: msg.publishQuotaFull,
  EACCES: msg.publishNoPermission,
  EPERM: msg.publishNoPermission,
  EROFS: msg.publishReadOnly,
  EMFILE: msg.publishTooManyFiles,
  ENFILE: msg.publishTooManyFiles,
  EIO: msg.publishDiskError,
}

function causeOf(err: unknown): string {
  if (err instanceof PublishFailure) return err.staffText
  const code = (err as { code?: unknown } | null)?.code
  if (typeof code === 'string' && BY_CODE[code]) return BY_CODE[code]
  const message = err instanceof Error ? err.message : String(err)
  // The full render's child reports a file error only as its message.
  const named = /\b(E[A-Z]{3,7})\b/.exec(message)?.[1]
  if (named && BY_CODE[named]) return BY_CODE[named]
  if (message.startsWith('İçerik dosyası')) return msg.publishInvalidContent
  return msg.publishUnexpected
}

/** The Turkish sentence the admin shows for a failed publish: its cause, then that the live site stayed. */
export function publishFailureText(err: unknown): string {
  return `${causeOf(err)} ${msg.publishWhatNow}`
}
