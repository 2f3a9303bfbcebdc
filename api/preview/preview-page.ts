import type { RenderedPage } from '../publish/page-render.ts'

/** The ribbon's text (issue 21), in every preview, never in a published page. */
export const PREVIEW_RIBBON_TEXT = 'Önizleme: henüz yayında değil'
export const RIBBON_CSS_PATH = '/onizleme/onizleme.css'

/** The ribbon's style: a file of our own, since the page's CSP allows only hashed inline styles and 'self'. */
export const RIBBON_CSS = `.onizleme-seridi{position:sticky;top:0;z-index:10000;display:block;margin:0;padding:.6rem 1rem;
background:#7a1c00;color:#fff;font:600 1rem/1.4 system-ui,sans-serif;text-align:center;letter-spacing:.01em;
box-shadow:0 2px 6px rgba(0,0,0,.3)}`

const STYLE_LINK = `<link rel="stylesheet" href="${RIBBON_CSS_PATH}">`
const RIBBON = `<p class="onizleme-seridi" role="status">${PREVIEW_RIBBON_TEXT}</p>`

/**
 * The rendered page with the ribbon: a stylesheet link before </head> and the ribbon first in <body>. Removing
 * exactly these two snippets gives back the bytes a publish writes (preview tests compare them so).
 */
export function withRibbon(page: RenderedPage): string {
  const html = Buffer.from(page.body).toString('utf8')
  return html.replace(/<\/head>/i, `${STYLE_LINK}</head>`).replace(/<body([^>]*)>/i, (body) => `${body}${RIBBON}`)
}

/** The published bytes of a preview page: the ribbon's two snippets taken out (tests). */
export const withoutRibbon = (html: string) => html.replace(STYLE_LINK, '').replace(RIBBON, '')

/** The Turkish page of a link that expired or was revoked (410), or that never existed (404). */
export function previewGonePage(title: string, text: string): string {
  return `<!doctype html><html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title>${STYLE_LINK}</head><body class="onizleme-bitti"><main><h1>${title}</h1><p>${text}</p><p><a href="/">Ana sayfaya dön</a></p></main></body></html>`
}
