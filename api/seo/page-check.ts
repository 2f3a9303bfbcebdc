/**
 * SEO advice from a page as the site renders it (issue 32): what a search engine reads, checked with a few
 * well-known rules. Pure: the HTML in, findings out; links and image sizes are checked through the callbacks.
 */
export type Severity = 'error' | 'warning'
export type Finding = { code: string; severity: Severity; message: string }
export type PageFacts = { title: string; description: string; findings: Finding[] }
export type CheckContext = {
  /** Whether an internal address ('/blog/x') answers a page or file of the site (or a redirect to one). */
  exists(path: string): boolean
  /** The stored width in pixels of an uploaded image ('/uploads/x.jpg'), or null when unknown. */
  imageWidth(url: string): number | null
}

export const TITLE_MIN = 20
export const TITLE_MAX = 65
export const DESCRIPTION_MIN = 70
export const DESCRIPTION_MAX = 160

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()

/** The value of one attribute of a tag's text ('<img src="a" alt="">'), undefined when it has none. */
function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)
  if (!m) return new RegExp(`\\s${name}(?=[\\s/>])`, 'i').test(tag) ? '' : undefined
  return decode(m[1] ?? m[2] ?? m[3] ?? '')
}

function metaContent(head: string, name: string): string | undefined {
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? [])
    if (attr(tag, 'name')?.toLowerCase() === name) return attr(tag, 'content') ?? ''
  return undefined
}

const count = (n: number, one: string) => `${n.toLocaleString('tr-TR')} ${one}`

/** Findings of one rendered page (worst first). */
export function checkPage(html: string, ctx: CheckContext): PageFacts {
  const findings: Finding[] = []
  const add = (code: string, severity: Severity, message: string) =>
    findings.push({ code, severity, message })
  const headEnd = html.search(/<\/head>/i)
  const head = headEnd === -1 ? html : html.slice(0, headEnd)
  // Scripts and templates say nothing a search engine reads as the page.
  const body = (headEnd === -1 ? html : html.slice(headEnd)).replace(
    /<(script|template)\b[\s\S]*?<\/\1>/gi,
    '',
  )

  const titleMatch = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(head)
  const title = titleMatch ? decode(titleMatch[1]!) : ''
  if (!title) add('title-missing', 'error', 'Sayfanın başlığı yok.')
  else if ([...title].length > TITLE_MAX)
    add(
      'title-long',
      'warning',
      `Başlık ${[...title].length} karakter; arama sonuçlarında ${TITLE_MAX} karakterden sonrası kesilir.`,
    )
  else if ([...title].length < TITLE_MIN)
    add(
      'title-short',
      'warning',
      `Başlık yalnızca ${[...title].length} karakter; sayfayı anlatan birkaç kelime ekleyin.`,
    )

  const description = metaContent(head, 'description') ?? ''
  const dLength = [...description].length
  if (!description)
    add(
      'description-missing',
      'error',
      'Sayfanın açıklaması (özet) yok; arama sonuçlarında rastgele bir metin görünür.',
    )
  else if (dLength < DESCRIPTION_MIN)
    add(
      'description-short',
      'warning',
      `Açıklama ${dLength} karakter; ${DESCRIPTION_MIN}–${DESCRIPTION_MAX} karakter arası önerilir.`,
    )
  else if (dLength > DESCRIPTION_MAX)
    add(
      'description-long',
      'warning',
      `Açıklama ${dLength} karakter; ${DESCRIPTION_MAX} karakterden sonrası arama sonuçlarında kesilir.`,
    )

  const robots = metaContent(head, 'robots')?.toLowerCase() ?? ''
  if (/\bnoindex\b/.test(robots))
    add('noindex', 'error', 'Sayfa arama motorlarına kapalı (noindex); aramalarda çıkmaz.')

  const h1s = body.match(/<h1\b/gi)?.length ?? 0
  if (h1s === 0) add('h1-missing', 'error', 'Sayfada ana başlık (h1) yok.')
  else if (h1s > 1) add('h1-many', 'warning', `Sayfada ${h1s} ana başlık (h1) var; bir tane olmalı.`)

  let noAlt = 0
  let heavy = 0
  for (const tag of body.match(/<img\b[^>]*>/gi) ?? []) {
    if (attr(tag, 'aria-hidden') === 'true' || attr(tag, 'role') === 'presentation') continue
    if (!attr(tag, 'alt')) noAlt++
    // One size for every screen: heavier than needed when the file is much wider than the width it is shown at.
    const src = attr(tag, 'src') ?? ''
    const shown = Number(attr(tag, 'width'))
    if (attr(tag, 'srcset') === undefined && src.startsWith('/uploads/') && shown > 0) {
      const stored = ctx.imageWidth(src.split('?')[0]!)
      if (stored !== null && stored > shown * 2 && stored > 800) heavy++
    }
  }
  if (noAlt)
    add(
      'image-alt',
      'warning',
      `${count(noAlt, 'görselin')} alternatif metni yok; Medya Yönetimi'nden ekleyebilirsiniz.`,
    )
  if (heavy)
    add(
      'image-heavy',
      'warning',
      `${count(heavy, 'görsel')} gösterildiği boyutun çok üzerinde; sayfa gereğinden yavaş açılır.`,
    )

  const broken = new Set<string>()
  for (const tag of body.match(/<a\b[^>]*>/gi) ?? []) {
    const href = attr(tag, 'href') ?? ''
    if (!href.startsWith('/') || href.startsWith('//')) continue
    const path = href.replace(/[?#].*$/, '')
    if (!path || /^\/(api|admin|uploads|kutuphane)(\/|$)/.test(path)) continue
    if (!ctx.exists(path)) broken.add(path)
  }
  if (broken.size)
    add(
      'broken-link',
      'error',
      `${count(broken.size, 'bağlantı')} sitede olmayan bir sayfaya gidiyor: ${[...broken].slice(0, 3).join(', ')}`,
    )

  findings.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1))
  return { title, description, findings }
}
