import type { z } from 'zod'
import { FIELD_LABELS } from './field-names.ts'

/**
 * One Turkish error map for every validation message the API, the admin and the public islands show (issue 30):
 * the field's name and the limit in words ('Mesaj en fazla 5.000 karakter olabilir.'), never a schema word.
 * zod's own Turkish locale said 'Çok büyük: beklenen string <=5000 karakter'. Messages a schema sets itself
 * (the spec's texts) still win; this map answers every issue they leave open.
 */

/** Words a person must never read in a validation message (checked by error-map.test.ts and the e2e scans). */
export const VALIDATION_BAN_LIST = ['string', 'number', '<=', 'beklenen', 'URL', 'regex'] as const

/** Names of fields the forms show that FIELD_LABELS (history and conflict views) does not list. */
const MORE_LABELS: Record<string, string> = {
  message: 'Mesaj',
  subject: 'Konu',
  password: 'Şifre',
  currentPassword: 'Mevcut şifre',
  role: 'Rol',
  content: 'Metin',
  alt: 'Alternatif metin',
  src: 'Görsel',
  poster: 'Video kapak görseli',
  items: 'Alt başlıklar',
  stats: 'İstatistikler',
  value: 'Değer',
  label: 'Etiket',
  q: 'Arama metni',
  tag: 'Etiket',
  page: 'Sayfa numarası',
  pageSize: 'Sayfa boyutu',
  type: 'Alan türü',
  level: 'Başlık seviyesi',
  order: 'Sıra',
  imageIndex: 'Görsel sırası',
  id: 'Kimlik',
  url: 'Dosya adresi',
  linkedin: 'LinkedIn adresi',
  instagram: 'Instagram adresi',
  facebook: 'Facebook adresi',
  twitter: 'X (Twitter) adresi',
  youtube: 'YouTube adresi',
  website: 'Web sitesi adresi',
  enabled: 'Bakım modu',
  order_ids: 'Sıralama',
  ids: 'Sıralama',
  width: 'Genişlik',
  height: 'Yükseklik',
  summary: 'Özet',
  downloadUrl: 'İndirme adresi',
  filePath: 'Dosya',
}

/** The field a path points at, as a form names it ('message' → 'Mesaj'); 'Bu alan' when it has no name. */
export function fieldLabelOf(path: readonly PropertyKey[] | undefined): string {
  const key = [...(path ?? [])].reverse().find((p): p is string => typeof p === 'string')
  if (key === undefined) return 'Bu alan'
  return MORE_LABELS[key] ?? FIELD_LABELS[key] ?? 'Bu alan'
}

/** A count in Turkish digits: 5000 → '5.000'. */
const count = (n: number | bigint): string => Number(n).toLocaleString('tr-TR')

/** Plain kind words for zod's type names (what a person typed, not what the code expected). */
function expectedInWords(expected: string): string {
  switch (expected) {
    case 'string':
      return 'bir metin olmalıdır'
    case 'number':
    case 'int':
    case 'bigint':
      return 'bir sayı olmalıdır'
    case 'boolean':
      return 'evet ya da hayır olmalıdır'
    case 'array':
      return 'bir liste olmalıdır'
    case 'date':
      return 'geçerli bir tarih olmalıdır'
    default:
      return 'eksik ya da bozuk gönderildi'
  }
}

type Issue = z.core.$ZodRawIssue

/** The Turkish sentence for one issue (zod calls this for every issue whose schema set no message). */
export function turkishIssueMessage(issue: Issue): string {
  const label = fieldLabelOf(issue.path)
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `${label} zorunludur.`
      return `${label} ${expectedInWords(String(issue.expected))}.`
    case 'too_big': {
      const max = count(issue.maximum as number)
      if (issue.origin === 'string') return `${label} en fazla ${max} karakter olabilir.`
      if (issue.origin === 'array' || issue.origin === 'set') {
        return issue.exact ? `${label} tam ${max} tane olmalıdır.` : `${label} en fazla ${max} tane olabilir.`
      }
      if (issue.origin === 'file') return `${label} çok büyük.`
      return issue.inclusive ? `${label} en fazla ${max} olabilir.` : `${label}, ${max} sayısından küçük olmalıdır.`
    }
    case 'too_small': {
      const min = Number(issue.minimum)
      if (issue.origin === 'string') {
        return min <= 1 ? `${label} boş bırakılamaz.` : `${label} en az ${count(min)} karakter olmalıdır.`
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        if (issue.exact) return `${label} tam ${count(min)} tane olmalıdır.`
        return min <= 1 ? `${label} en az bir tane içermelidir.` : `${label} en az ${count(min)} tane içermelidir.`
      }
      return issue.inclusive ? `${label} en az ${count(min)} olmalıdır.` : `${label}, ${count(min)} sayısından büyük olmalıdır.`
    }
    case 'invalid_format':
      if (issue.format === 'email') return `${label} geçerli bir e-posta adresi olmalıdır.`
      if (issue.format === 'url') return invalidLinkMessage(issue.path)
      if (issue.format === 'datetime' || issue.format === 'date') return `${label} geçerli bir tarih olmalıdır.`
      return `${label} geçerli değil.`
    case 'invalid_value':
      return `${label} için listedeki seçeneklerden birini seçin.`
    case 'unrecognized_keys':
      return 'Formda tanınmayan alanlar var; sayfayı yenileyip tekrar deneyin.'
    case 'not_multiple_of':
      return `${label} bir tam sayı olmalıdır.`
    default:
      return `${label} geçerli değil.`
  }
}

/** A link field that holds no usable address: 'Harita adresi geçerli bir bağlantı olmalıdır (https:// ile başlayan).' */
export function invalidLinkMessage(path: readonly PropertyKey[] | undefined): string {
  return `${fieldLabelOf(path)} geçerli bir bağlantı olmalıdır (https:// ile başlayan).`
}

/** A link a page shows (a path of this site, an anchor or a web address) that is none of those. */
export function invalidPageLinkMessage(path: readonly PropertyKey[] | undefined): string {
  return `${fieldLabelOf(path)} geçerli bir bağlantı olmalıdır (örneğin /iletisim ya da https:// ile başlayan bir adres).`
}

/** An image or file field with a value that is neither our upload nor a web address. */
export function invalidMediaMessage(path: readonly PropertyKey[] | undefined): string {
  return `${fieldLabelOf(path)} için yüklenmiş bir dosya ya da https:// ile başlayan bir bağlantı seçin.`
}

/** For z.config: zod's messages in plain Turkish wherever the shared schemas run. */
export const turkishErrorMap = (issue: Issue): string => turkishIssueMessage(issue)
