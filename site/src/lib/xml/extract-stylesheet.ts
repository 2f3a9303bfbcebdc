import { decodeBase64Strict, decodeUtf8Strict } from './decode.ts'
import { NS } from './namespaces.ts'
import { hasDoctypeOrEntity } from './safety.ts'
import {
  childrenNamed,
  descendantsNamed,
  elementText,
  parseXmlTree,
  rootElement,
  type XmlElement,
  type XmlNode,
} from './xml-tree.ts'

/** What a document offers as its display format. */
export type StylesheetSource =
  | { kind: 'embedded'; xslt: string; filename: string | null }
  | { kind: 'external'; href: string }
  | { kind: 'none' }

type Candidate = { filename: string | null; mimeCode: string; documentType: string; base64: string }

/**
 * Finds the XSLT of a UBL-TR document: the first cac:AdditionalDocumentReference/cac:Attachment/
 * cbc:EmbeddedDocumentBinaryObject (matched by namespace) whose strict base64 and UTF-8 decode is an XSLT stylesheet.
 * Attachments that say they are XSLT (file name, mime code, document type) are tried first. Without one, an
 * <?xml-stylesheet?> before the root element makes the result 'external'; its href is reported, never fetched.
 */
export function findStylesheet(nodes: XmlNode[]): StylesheetSource {
  const candidates = descendantsNamed(nodes, NS.cac, 'AdditionalDocumentReference').flatMap(candidatesOf)
  const ordered = [...candidates.filter(saysXslt), ...candidates.filter((c) => !saysXslt(c))]
  for (const c of ordered) {
    const xslt = decodeStylesheet(c.base64)
    if (xslt !== null) return { kind: 'embedded', xslt, filename: c.filename }
  }
  const href = stylesheetPiHref(nodes)
  return href === null ? { kind: 'none' } : { kind: 'external', href }
}

function candidatesOf(ref: XmlElement): Candidate[] {
  const documentType = childrenNamed(ref, NS.cbc, 'DocumentType').map(elementText).join(' ')
  return childrenNamed(ref, NS.cac, 'Attachment')
    .flatMap((a) => childrenNamed(a, NS.cbc, 'EmbeddedDocumentBinaryObject'))
    .map((obj) => ({
      filename: obj.attrs.filename ?? null,
      mimeCode: obj.attrs.mimeCode ?? '',
      documentType,
      base64: elementText(obj),
    }))
}

function saysXslt(c: Candidate): boolean {
  return (
    /\.xslt?$/i.test(c.filename?.trim() ?? '') ||
    /xsl/i.test(c.mimeCode) ||
    /^\s*xslt?\s*$/i.test(c.documentType)
  )
}

/** The stylesheet text when the base64 decodes strictly to UTF-8 whose root element is xsl:stylesheet or xsl:transform. */
export function decodeStylesheet(base64: string): string | null {
  const bytes = decodeBase64Strict(base64)
  const text = bytes && decodeUtf8Strict(bytes)
  if (!text || !/^\s*</.test(text)) return null
  // Never parse a DOCTYPE (entity expansion); the safety check refuses such a stylesheet with a clear reason.
  if (hasDoctypeOrEntity(text)) return text.includes(NS.xsl) ? text : null
  let root: XmlElement | null
  try {
    root = rootElement(parseXmlTree(text))
  } catch {
    return null
  }
  return root?.ns === NS.xsl && (root.local === 'stylesheet' || root.local === 'transform') ? text : null
}

/** The href of an <?xml-stylesheet?> in the prolog (browsers honour only those), or null. */
export function stylesheetPiHref(nodes: XmlNode[]): string | null {
  for (const n of nodes) {
    if (n.kind === 'element') break
    if (n.kind === 'pi' && n.target === 'xml-stylesheet') return n.attrs.href ?? ''
  }
  return null
}

/** Parses the document and finds its stylesheet; throws when the text cannot be parsed. */
export function findStylesheetInText(xml: string): StylesheetSource {
  return findStylesheet(parseXmlTree(xml))
}
