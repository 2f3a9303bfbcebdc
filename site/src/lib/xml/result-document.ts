import { FRAME_CSP, HELPER_SCRIPT } from './frame-document.ts'

const XHTML = 'http://www.w3.org/1999/xhtml'
const XSL = 'http://www.w3.org/1999/XSL/Transform'

/**
 * Turns an engine's result into the HTML of the framed document: the same tree whichever engine made it, with our
 * CSP meta and helper script as the first children of <head>, before anything of the file can load or run.
 * The documents used here have no browsing context, so nothing in them loads or runs in our page.
 */
export function frameHtml(result: Document): string {
  const out = document.implementation.createHTMLDocument('')
  const root = result.documentElement
  if (root && root.localName.toLowerCase() === 'html')
    out.replaceChild(out.importNode(root, true), out.documentElement)
  else if (root) out.body.append(out.importNode(root, true))
  const head = ensureHead(out)
  const meta = out.createElement('meta')
  meta.httpEquiv = 'Content-Security-Policy'
  meta.content = FRAME_CSP
  const script = out.createElement('script')
  script.textContent = HELPER_SCRIPT
  head.prepend(meta, script)
  return doctypeOf(result) + out.documentElement.outerHTML
}

function ensureHead(out: Document): Element {
  const html = out.documentElement
  const existing = Array.from(html.children).find((c) => c.localName.toLowerCase() === 'head')
  if (existing) return existing
  const head = out.createElementNS(XHTML, 'head')
  html.prepend(head)
  return head
}

function doctypeOf(doc: Document): string {
  const dt = doc.doctype
  // Rebuilt from safe characters only: a crafted public id must not smuggle markup in front of our CSP meta.
  const safe = (s: string) => s.replace(/[^\w .,:;/#?=+()'-]/g, '')
  if (!dt) return ''
  const pub = dt.publicId ? ` PUBLIC "${safe(dt.publicId)}"` : ''
  const sys = dt.systemId ? `${dt.publicId ? '' : ' SYSTEM'} "${safe(dt.systemId)}"` : ''
  return `<!DOCTYPE ${safe(dt.name).replace(/\s/g, '') || 'html'}${pub}${sys}>`
}

/**
 * Parses an engine's serialized output the way a browser reads a transformation result: text output as a <pre>
 * (what Chromium's XSLTProcessor gives), XML when it says so, else HTML.
 */
export function parseEngineOutput(text: string, method: string | null): Document {
  const parser = new DOMParser()
  if (method === 'text') {
    const doc = document.implementation.createHTMLDocument('')
    const pre = doc.createElement('pre')
    pre.textContent = text
    doc.body.append(pre)
    return doc
  }
  if (/^\s*<\?xml[\s?]/.test(text)) {
    const doc = parser.parseFromString(text, 'application/xml')
    if (!hasParseError(doc)) return doc
  }
  return parser.parseFromString(text, 'text/html')
}

/** The method of the stylesheet's top-level xsl:output (the last one that names it), or null. */
export function outputMethod(xslt: string): string | null {
  const style = new DOMParser().parseFromString(xslt, 'application/xml')
  const outputs = Array.from(style.documentElement?.children ?? []).filter(
    (el) => el.namespaceURI === XSL && el.localName === 'output' && el.hasAttribute('method'),
  )
  return outputs.at(-1)?.getAttribute('method')?.trim() ?? null
}

/** True when DOMParser reported a well-formedness error (Chromium and Firefox each use their own element). */
export function hasParseError(doc: Document): boolean {
  return (
    doc.getElementsByTagNameNS(XHTML, 'parsererror').length > 0 ||
    doc.getElementsByTagNameNS('http://www.mozilla.org/newlayout/xml/parsererror.xml', 'parsererror').length >
      0
  )
}
