import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-env.ts'
import { clientAddress } from '../auth/client-address.ts'
import { log } from '../lib/log.ts'
import { titleInAnswer } from './audit-subject.ts'

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const DONE: Record<string, string> = {
  POST: 'ekledi',
  PUT: 'güncelledi',
  PATCH: 'güncelledi',
  DELETE: 'sildi',
}
const NOT_DONE: Record<string, string> = {
  POST: 'ekleyemedi',
  PUT: 'güncelleyemedi',
  PATCH: 'güncelleyemedi',
  DELETE: 'silemedi',
}
const quoted = (title: string) => `"${title.length > 80 ? `${title.slice(0, 79)}…` : title}"`

/** Why a library admin's call failed, in words (the status stays in the superadmins' 'Ayrıntılar'). */
function reason(status: number, message: string | null): string {
  if (status === 409) return 'Kategoride belgeler olduğu için silinmedi'
  if (status === 404) return 'Bulunamadı'
  if (status === 413) return 'Dosya çok büyük'
  if (status >= 500) return 'Sunucu hatası'
  // A refused file says why ('Bu dosya türü kabul edilmiyor…'): worth keeping in the log.
  return message ? message.replace(/\.$/, '') : 'Geçersiz bilgi'
}

/**
 * The audit log's sentence for a library admin's call, after the member's name: '"e-Fatura Kılavuzu" kütüphane
 * belgesini ekledi', '… belgesinin dosyasını değiştirdi' (a replaced file), '"Mevzuat" kütüphane kategorisini
 * sildi'; a failed call says what was tried and why ('… ekleyemedi: Bu dosya türü kabul edilmiyor…').
 */
export function libraryAuditLabel(
  method: string,
  path: string,
  facts: { status: number; title: string | null; replacedFile: boolean; message: string | null },
): string {
  const ok = facts.status < 400
  const isCategory = path.startsWith('/api/library/categories')
  const noun = isCategory ? 'kütüphane kategorisini' : 'kütüphane belgesini'
  const subject = facts.title ? `${quoted(facts.title)} ${noun}` : `Bir ${noun.replace(/ini$/, 'i')}`
  if (ok && facts.replacedFile && method === 'PUT')
    return `${quoted(facts.title ?? 'Bir')} kütüphane belgesinin dosyasını değiştirdi`
  return ok
    ? `${subject} ${DONE[method]}`
    : `${subject} ${NOT_DONE[method]}: ${reason(facts.status, facts.message)}`
}

/**
 * Records every library admin's write (items and categories) in the audit log once it is answered, with the
 * member as the actor: superadmins see them in 'İşlem Geçmişi' beside the staff's actions. Plain members' refused
 * calls (403) are not admin actions and are skipped, as the admin log skips calls without a session.
 */
export const auditLibraryActions = createMiddleware<AppEnv>(async (c, next) => {
  if (!MUTATING.has(c.req.method)) return next()
  const { data, now } = c.var.deps
  const path = c.req.path
  const [, , , resource, id] = path.split('/')
  const before =
    resource === 'items' && id
      ? (data.library.items.get(id)?.title ?? null)
      : resource === 'categories' && id
        ? (data.library.categories.get(id)?.name ?? null)
        : null
  await next()
  const member = c.get('member')
  if (!member || member.role !== 'library_admin') return
  const status = c.res.status
  const answer: unknown = c.res.headers.get('content-type')?.includes('application/json')
    ? await c.res
        .clone()
        .json()
        .catch(() => null)
    : null
  const title = (status < 400 ? titleInAnswer(answer) : null) ?? before ?? c.get('auditTitle') ?? null
  const a = (answer ?? {}) as { message?: unknown; replacedFile?: unknown }
  const action = libraryAuditLabel(c.req.method, path, {
    status,
    title,
    replacedFile: a.replacedFile === true,
    message: typeof a.message === 'string' ? a.message : null,
  })
  await data.audit
    .add({
      at: now().toISOString(),
      userId: member.id,
      userName: member.name,
      userEmail: member.email,
      action,
      method: c.req.method,
      path,
      status,
      address: clientAddress(c),
    })
    .catch((err: unknown) => log.error({ err }, 'Denetim kaydı yazılamadı'))
})
