/** What each admin resource is called in the audit log (the segment after /api/admin/). */
const RESOURCES: Record<string, string> = {
  users: 'Kullanıcı',
  'library-members': 'Kütüphane üyesi',
  blogs: 'Blog yazısı',
  'social-projects': 'Sosyal sorumluluk projesi',
  programs: 'Program',
  references: 'Referans',
  anasayfa: 'Anasayfa',
  hakkimizda: 'Hakkımızda sayfası',
  'contact-settings': 'İletişim ayarları',
  contact: 'Mesaj',
  maintenance: 'Bakım modu',
  upload: 'Dosya',
}
const VERBS: Record<string, string> = {
  POST: 'eklendi',
  PUT: 'güncellendi',
  PATCH: 'güncellendi',
  DELETE: 'silindi',
}

/** Facts about the call that pick the label: its body's maintenance switch, whether it succeeded. */
export type LabelFacts = { enabled?: unknown; ok: boolean }

/**
 * The Turkish label of an admin call, derived from its method and path, so a new route is labelled without
 * editing it ('Blog yazısı silindi'); a few calls have their own wording.
 */
export function auditLabel(method: string, path: string, facts: LabelFacts): string {
  const rest = path.replace(/^\/api\/(admin\/)?/, '')
  const [resource = '', ...tail] = rest.split('/')
  if (resource === 'login') return facts.ok ? 'Giriş yapıldı' : 'Başarısız giriş denemesi'
  if (resource === 'logout') return 'Çıkış yapıldı'
  if (resource === 'maintenance') return facts.enabled === true ? 'Bakım modu açıldı' : 'Bakım modu kapatıldı'
  if (resource === 'contact' && tail.at(-1) === 'read') return 'Mesaj okundu olarak işaretlendi'
  if (resource === 'upload') return 'Dosya yüklendi'
  if (resource === 'references' && tail[0] === 'reorder') return 'Referansların sırası değiştirildi'
  if (resource === 'references' && tail[0] === 'slider')
    return `Referans kaydırıcı görseli ${VERBS[method] ?? 'değiştirildi'}`
  if (resource === 'anasayfa' && tail.length > 0) {
    const part = tail[0] === 'services' ? 'hizmetler' : tail[0] === 'partners' ? 'iş ortakları' : tail[0]
    return `Anasayfa (${part}) ${VERBS[method] ?? 'değiştirildi'}`
  }
  const noun = RESOURCES[resource]
  const verb = VERBS[method] ?? 'değiştirildi'
  return noun ? `${noun} ${verb}` : `İşlem yapıldı (${method} ${path})`
}
