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

/** A sync conflict taken or kept (issue 30): which field of which item, and the value that stays. */
export type ConflictFacts = { item: string | null; field: string; value: string }

/**
 * Facts about the call: its maintenance switch, its answer's status, the item's title (or null); for a preview,
 * its collection and whether it is a link to share; for a sync conflict, the field and the value that stays.
 */
export type LabelFacts = {
  enabled?: unknown
  status: number
  title?: string | null
  collection?: unknown
  share?: unknown
  conflict?: ConflictFacts | null
}

/** Why a call failed, in words (the status stays in the superadmins' 'Ayrıntılar'). */
function reason(status: number, method: string): string {
  if (status === 412) return 'Çakışma nedeniyle kaydedilmedi'
  // 409 on a delete: something uses it; on a save: the file on disk is invalid and was kept (issue 30).
  if (status === 409 && method === 'DELETE') return 'Kullanımda olduğu için silinmedi'
  if (status === 409) return 'Diskteki dosya geçersiz ya da kayıt başka bir kayıtla çakışıyor; kaydedilmedi'
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
  const failed = (what: string) => (ok ? what : `${what}: ${reason(facts.status, method)}`)

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
  // KVKK (issue 32): the entry says only that it happened; the address and what was deleted are not repeated.
  if (resource === 'personal-data')
    return ok ? 'Bir kişinin kişisel verilerini sildi' : failed('Bir kişinin kişisel verilerini silemedi')
  if (resource === 'preview') return previewLabel(method, facts, ok, failed)
  if (resource === 'git' && tail[0] === 'conflicts') return conflictLabel(tail.at(-1) === 'take', facts.conflict, ok, failed)
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

/** Collections a preview can be of, as the sentence names them ('blog yazısının'). */
const OF: Record<string, string> = {
  blogs: 'blog yazısının',
  'social-projects': 'sosyal sorumluluk projesinin',
  programs: 'programın',
  references: 'referans kartının',
  home: 'anasayfanın',
  about: 'Hakkımızda sayfasının',
  'contact-settings': 'iletişim ayarlarının',
}

/** '"e-İmza Nedir?" blog yazısı için paylaşılabilir önizleme bağlantısı oluşturdu', 'Bir önizleme bağlantısını iptal etti'. */
function previewLabel(method: string, facts: LabelFacts, ok: boolean, failed: (what: string) => string): string {
  if (method === 'DELETE')
    return ok ? 'Bir paylaşılabilir önizleme bağlantısını iptal etti' : failed('Bir önizleme bağlantısını iptal edemedi')
  const of = OF[String(facts.collection)] ?? 'bir içeriğin'
  const single = ['home', 'about', 'contact-settings'].includes(String(facts.collection))
  const whose = facts.title
    ? `${quoted(facts.title)} ${of}`
    : capital(single || !OF[String(facts.collection)] ? of : `kaydedilmemiş bir ${of}`)
  const what = facts.share === true ? 'paylaşılabilir önizleme bağlantısını' : 'önizlemesini'
  return ok ? `${whose} ${what} oluşturdu` : failed(`${whose} ${what} oluşturamadı`)
}

/** 'Uzak depo çakışmasında "Başlık" alanı için uzak depodaki değeri aldı: "Yeni başlık"'. */
function conflictLabel(take: boolean, c: ConflictFacts | null | undefined, ok: boolean, failed: (what: string) => string) {
  const where = c ? `${c.item ? `${quoted(c.item)} içeriğinin ` : ''}"${c.field}" alanı için ` : ''
  const done = take ? 'uzak depodaki değeri aldı' : 'yayındaki değeri korudu'
  const value = c ? `: ${quoted(c.value || '(boş)')}` : ''
  if (!ok) return failed(`Uzak depo çakışmasında ${where}${take ? 'uzak depodaki değeri alamadı' : 'yayındaki değeri koruyamadı'}`)
  return `Uzak depo çakışmasında ${where}${done}${value}`
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
