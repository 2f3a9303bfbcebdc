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

/** Every failed publish leaves the live site as it was and the next save tries again (decision 035). */
const WHAT_NOW = 'Yayındaki site değişmedi; bir sonraki kayıt yeniden yayımlamayı dener.'

/** "2 saniyede", "10 dakikada": how long a killed process was given. */
export function withinText(ms: number): string {
  const seconds = Math.round(ms / 1000)
  return seconds < 120 ? `${seconds} saniyede` : `${Math.round(seconds / 60)} dakikada`
}

/** Causes the file layer reports, by errno code. */
const BY_CODE: Record<string, string> = {
  ENOSPC: 'Sunucunun diskinde yer kalmadı.',
  EDQUOT: 'Sunucunun disk kotası doldu.',
  EACCES: 'Sunucu sitenin dosyalarını yazamadı: yazma izni yok.',
  EPERM: 'Sunucu sitenin dosyalarını yazamadı: yazma izni yok.',
  EROFS: 'Sunucu sitenin dosyalarını yazamadı: disk salt okunur.',
  EMFILE: 'Sunucuda aynı anda açılabilecek dosya sayısı aşıldı.',
  ENFILE: 'Sunucuda aynı anda açılabilecek dosya sayısı aşıldı.',
  EIO: 'Sunucunun diski okunamadı ya da yazılamadı.',
}

function causeOf(err: unknown): string {
  if (err instanceof PublishFailure) return err.staffText
  const code = (err as { code?: unknown } | null)?.code
  if (typeof code === 'string' && BY_CODE[code]) return BY_CODE[code]
  const message = err instanceof Error ? err.message : String(err)
  // The full render's child reports a file error only as its message.
  const named = /\b(E[A-Z]{3,7})\b/.exec(message)?.[1]
  if (named && BY_CODE[named]) return BY_CODE[named]
  if (message.startsWith('İçerik dosyası')) return 'Bir içerik dosyası geçersiz olduğu için sayfalar oluşturulamadı.'
  return 'Sayfalar oluşturulurken beklenmeyen bir hata oluştu; ayrıntısı sunucunun kayıtlarında.'
}

/** The Turkish sentence the admin shows for a failed publish. */
export function publishFailureText(err: unknown): string {
  return `${causeOf(err)} ${WHAT_NOW}`
}
