import { decodeXmlFile } from './decode.ts'
import { findStylesheetInText } from './extract-stylesheet.ts'
import { detail, MAX_FILE_BYTES, type ViewerProblem } from './problems.ts'
import { hasDoctypeOrEntity, stylesheetRisk, type StylesheetRisk } from './safety.ts'
import { isWellFormed } from './xml-tree.ts'

/** A document ready for an XSLT engine, or the reason it cannot be shown. */
export type Prepared = { ok: true; xml: string; xslt: string } | { ok: false; problem: ViewerProblem }

const riskDetail: Record<Exclude<StylesheetRisk, null>, string> = {
  doctype: detail.stylesheetDoctype,
  import: detail.importInclude,
  include: detail.importInclude,
  document: detail.documentCall,
  dynamic: detail.dynamic,
}

/**
 * Everything before the engine, on the file's bytes: strict decoding, the DOCTYPE/ENTITY refusal (before any
 * parser runs), well-formedness, finding the embedded XSLT and refusing one that could reach outside the file.
 */
export function prepareDocument(bytes: Uint8Array): Prepared {
  const fail = (problem: ViewerProblem): Prepared => ({ ok: false, problem })
  if (bytes.byteLength > MAX_FILE_BYTES) return fail({ kind: 'process', detail: detail.tooLarge })
  const xml = decodeXmlFile(bytes)
  if (xml === null) return fail({ kind: 'invalid' })
  if (hasDoctypeOrEntity(xml)) return fail({ kind: 'process', detail: detail.doctype })
  if (!isWellFormed(xml)) return fail({ kind: 'invalid' })
  let source
  try {
    source = findStylesheetInText(xml)
  } catch {
    return fail({ kind: 'invalid' })
  }
  if (source.kind === 'none') return fail({ kind: 'noStylesheet' })
  if (source.kind === 'external') return fail({ kind: 'external' })
  const risk = stylesheetRisk(source.xslt)
  if (risk !== null) return fail({ kind: 'process', detail: riskDetail[risk] })
  return { ok: true, xml, xslt: source.xslt }
}
