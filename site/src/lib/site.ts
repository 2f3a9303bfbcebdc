import type { ContactSettings } from '#schema/contact-settings.ts'

/** Brand name when the contact settings have no title (maintenance page, titles, footer). */
export const DEFAULT_BRAND = 'Dijital Dönüşüm'

/** Site-wide fallback description for pages that do not give their own. */
export const DEFAULT_DESCRIPTION =
  'E-imza, muhasebe yazılımları, defter tutma ve mali müşavirlik alanlarında uçtan uca e-dönüşüm hizmetleri.'

/** Keywords for pages that do not give their own (spec 1: every page has keywords). */
export const DEFAULT_KEYWORDS =
  'e-dönüşüm, e-fatura, e-arşiv, e-defter, e-imza, muhasebe yazılımı, mali müşavirlik'

export type NavLink = { href: string; label: string }
export type NavItem = NavLink | { label: string; id: string; children: NavLink[] }

/** Navbar entries (spec section 2): two dropdowns between plain links. */
export const navItems: NavItem[] = [
  { href: '/', label: 'Ana Sayfa' },
  {
    label: 'Hakkımızda',
    id: 'about',
    children: [
      { href: '/biz-kimiz', label: 'Biz Kimiz' },
      { href: '/hakkimizda', label: 'Hakkımızda' },
      { href: '/sosyal-sorumluluk-projelerimiz', label: 'Sosyal Sorumluluk Projelerimiz' },
    ],
  },
  {
    label: 'Hizmetler',
    id: 'services',
    children: [
      { href: '/programlar', label: 'Programlar' },
      { href: '/xml-goruntuleyici', label: 'XML Görüntüleyici' },
      { href: '/kutuphane', label: 'Kütüphane' },
    ],
  },
  { href: '/referanslarimiz', label: 'Referanslarımız' },
  { href: '/blog', label: 'Blog' },
  { href: '/iletisim', label: 'İletişim' },
]

/** True when `href` is the current page or a section it belongs to ('/blog' for '/blog/x'). */
export function isCurrent(href: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (href === '/') return path === '/'
  const section = detailSections[href] ?? href
  return path === href || path.startsWith(`${section}/`)
}

// List pages whose detail pages live under another prefix.
const detailSections: Record<string, string> = { '/sosyal-sorumluluk-projelerimiz': '/sosyal-sorumluluk' }

/** Page title with the brand appended, unless the title already is or contains the brand. */
export function pageTitle(title: string, brand: string): string {
  const clean = title.trim()
  if (!clean) return brand
  return clean.includes(brand) ? clean : `${clean} | ${brand}`
}

/** Absolute URL of a path or URL against the site origin ('' stays ''). */
export function absoluteUrl(pathOrUrl: string, site: URL | string): string {
  if (!pathOrUrl) return ''
  return new URL(pathOrUrl, site).href
}

/** MIME type of an icon from its file extension (for <link rel="icon" type>). */
export function iconType(url: string): string | undefined {
  const ext = url.split('?')[0]?.split('.').pop()?.toLowerCase()
  const types: Record<string, string> = {
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    svg: 'image/svg+xml',
    ico: 'image/x-icon',
  }
  return ext ? types[ext] : undefined
}

/** Serialises JSON-LD for a <script> element: '<' is escaped so content can never close the element. */
export function jsonLdText(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
}

/** Splits a text block into paragraphs on blank lines; single line breaks stay inside the paragraph. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
}

type SocialKey = keyof ContactSettings['socialLinks']

/** A filled-in social profile: `key` doubles as its icon name. */
export type SocialLink = { key: SocialKey; label: string; href: string }

// Display order and names, the same in the footer and on the contact page.
const socialLabels: Record<SocialKey, string> = {
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  facebook: 'Facebook',
  twitter: 'Twitter',
  youtube: 'YouTube',
}

/** The social links that have a URL, in display order, with their brand names. */
export function socialLinks(settings: Pick<ContactSettings, 'socialLinks'>): SocialLink[] {
  return (Object.keys(socialLabels) as SocialKey[])
    .filter((key) => settings.socialLinks[key])
    .map((key) => ({ key, label: socialLabels[key], href: settings.socialLinks[key] }))
}

/** A tel: link for a phone number as typed, keeping only digits and '+'. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, '')}`
}
