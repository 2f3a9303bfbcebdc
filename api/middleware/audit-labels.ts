/**
 * What each admin resource is called in the audit log (the segment after /api/admin/): the noun in the accusative,
 * as the sentence needs it ('"e-İmza Nedir?" blog yazısını güncelledi').
 */
const OBJECTS: Record<string, string> = {
  users: 'kullanıcısını',
  'library-members': 'kütüphane üyesini',
  blogs: 'blog yazısını',
  'social-projects': 'sosyal sorumluluk projesini',
  programs: 'programını',
  references: 'referans kartını',
  media: 'görselini',
}
/** The same objects without a title ('bir blog yazısını'). */
const UNNAMED: Record<string, string> = {
  users: 'bir kullanıcıyı',
  'library-members': 'bir kütüphane üyesini',
  blogs: 'bir blog yazısını',
  'social-projects': 'bir sosyal sorumluluk projesini',
  programs: 'bir programı',
  references: 'bir referans kartını',
  media: 'bir görseli',
}
/** Home sections as the editor names them. */
const SECTIONS: Record<string, string> = {
  banner: 'Banner',
  services: 'Hizmetler',
  about: 'Hakkımızda',
  partners: 'İş Ortakları',
  blog: 'Blog',
}
const DONE: Record<string, string> = { POST: 'ekledi', PUT: 'güncelledi', PATCH: 'güncelledi', DELETE: 'sildi' }
const NOT_DONE: Record<string, string> = {
  POST: 'ekleyemedi',
  PUT: 'güncelleyemedi',
  PATCH: 'güncelleyemedi',
  DELETE: 'silemedi',
}

/** Facts about the call: its maintenance switch, its answer's status, the item's title (or null). */
export type LabelFacts = { enabled?: unknown; status: number; title?: string | null }

/** Why a call failed, in words (the status stays in the superadmins' 'Ayrıntılar'). */
function reason(status: number): string {
  if (status === 412) return 'Çakışma nedeniyle kaydedilmedi'
  if (status === 409) return 'Kullanımda olduğu için silinmedi'
  if (status === 401 || status === 403) return 'Yetkisi yok'
  if (status === 404) return 'Bulunamadı'
  if (status === 413) return 'Dosya çok büyük'
  if (status >= 500) return 'Sunucu hatası'
  return 'Geçersiz bilgi'
}

const quoted = (title: string) => `"${title.length > 80 ? `${title.slice(0, 79)}…` : title}"`

/**
 * The audit log's Turkish sentence for an admin call, after the actor's name: '"e-İmza Nedir?" blog yazısını eski
 * bir sürüme döndürdü', 'Bakım modunu açtı', '"kapak.jpg" görselini sildi'; a failed call says what was tried and
 * why it did not happen ('… güncelleyemedi: Çakışma nedeniyle kaydedilmedi'). Derived from the method and path, so
 * a new route is labelled without editing this.
 */
export function auditLabel(method: string, path: string, facts: LabelFacts): string {
  const ok = facts.status < 400
  const rest = path.replace(/^\/api\/(admin\/)?/, '')
  const [resource = '', ...tail] = rest.split('/')
  const title = facts.title ?? null
  const failed = (what: string) => (ok ? what : `${what}: ${reason(facts.status)}`)

  if (resource === 'login') return ok ? 'Giriş yaptı' : 'Giriş yapamadı (hatalı e-posta veya şifre)'
  if (resource === 'logout') return 'Çıkış yaptı'
  if (resource === 'maintenance') {
    const on = facts.enabled === true
    return ok ? `Bakım modunu ${on ? 'açtı' : 'kapattı'}` : failed(`Bakım modunu ${on ? 'açamadı' : 'kapatamadı'}`)
  }
  if (resource === 'contact' && tail.at(-1) === 'read')
    return ok ? 'Bir mesajı okundu olarak işaretledi' : failed('Bir mesajı okundu olarak işaretleyemedi')
  if (resource === 'upload')
    return ok ? `${title ? `${quoted(title)} dosyasını` : 'Bir dosya'} yükledi` : failed('Bir dosya yükleyemedi')
  if (resource === 'references' && tail[0] === 'reorder')
    return ok ? 'Referansların sırasını değiştirdi' : failed('Referansların sırasını değiştiremedi')
  if (resource === 'references' && tail[0] === 'slider') {
    const what = method === 'DELETE' ? 'Referans slider görsellerinden birini' : 'Referans slider görseli'
    return ok
      ? `${what} ${method === 'DELETE' ? 'sildi' : 'ekledi'}`
      : failed(`${what} ${method === 'DELETE' ? 'silemedi' : 'ekleyemedi'}`)
  }
  if (resource === 'history' && tail.at(-1) === 'restore') {
    const object = restoredObject(tail[0] ?? '', title)
    return ok ? `${object} eski bir sürüme döndürdü` : failed(`${object} eski bir sürüme döndüremedi`)
  }
  if (resource === 'media' && tail[0] === 'alt') {
    return ok ? 'Bir görselin alternatif metnini güncelledi' : failed('Bir görselin alternatif metnini güncelleyemedi')
  }
  const verb = (ok ? DONE : NOT_DONE)[method] ?? (ok ? 'değiştirdi' : 'değiştiremedi')
  if (resource === 'anasayfa') {
    if (tail[0] === 'partners' && tail[1] === 'cards')
      return failed(`${title ? `${quoted(title)} iş ortağı kartını` : 'Bir iş ortağı kartını'} ${verb}`)
    if (tail[0] === 'services' && tail[2] === 'items') return failed(`Hizmetlerde bir alt başlığı ${verb}`)
    if (tail[0] === 'services' && tail[1] === 'tree')
      return failed(`${title ? `${quoted(title)} hizmet başlığını` : 'Bir hizmet başlığını'} ${verb}`)
    const section = SECTIONS[tail[0] ?? '']
    return failed(`Anasayfanın ${section ? `${section} bölümünü` : 'içeriğini'} ${verb}`)
  }
  if (resource === 'hakkimizda') return failed(`Hakkımızda sayfasını ${verb}`)
  if (resource === 'contact-settings') return failed(`İletişim ayarlarını ${verb}`)
  const object = OBJECTS[resource]
  if (object) return failed(`${title ? `${quoted(title)} ${object}` : capital(UNNAMED[resource]!)} ${verb}`)
  return failed('Bir işlem yaptı')
}

const capital = (text: string) => text.charAt(0).toLocaleUpperCase('tr-TR') + text.slice(1)

/** The object of a restore: an entry with its title, a home section, or a singleton page. */
function restoredObject(collection: string, title: string | null): string {
  if (collection === 'home') return `Anasayfanın ${title ? `${SECTIONS[title] ?? title} bölümünü` : 'bir bölümünü'}`
  if (collection === 'about') return 'Hakkımızda sayfasını'
  if (collection === 'contact-settings') return 'İletişim ayarlarını'
  const object = OBJECTS[collection]
  if (!object) return 'Bir içeriği'
  return title ? `${quoted(title)} ${object}` : capital(UNNAMED[collection]!)
}
