import { calledFunctions } from './xpath-calls.ts'

/**
 * Checks on raw text, made before any parser sees it. They look at the characters, not at a parse tree, so no
 * difference between our parser and the engine's can hide what they look for. They may refuse a harmless file
 * (the words inside a comment); that is the price of never letting a harmful one through.
 */

/** True when the text declares a DOCTYPE or an entity: the way to XXE and entity-expansion attacks. */
export function hasDoctypeOrEntity(text: string): boolean {
  return /<!\s*(DOCTYPE|ENTITY)/i.test(text)
}

/** Why a stylesheet must not run, or null when none of its parts can reach outside the file. */
export type StylesheetRisk = 'doctype' | 'import' | 'include' | 'document' | 'dynamic' | null

// Any element named import or include, whatever its prefix: xsl:import / xsl:include load other files.
const IMPORT = /<\s*(?:[A-Za-z_][\w.-]*:)?import[\s/>]/
const INCLUDE = /<\s*(?:[A-Za-z_][\w.-]*:)?include[\s/>]/
// Functions that load another file (document() in XSLT 1.0; doc(), unparsed-text() and collection() in later
// versions) or evaluate XPath built at run time, whatever their prefix.
const LOADING_CALLS = new Set([
  'document',
  'doc',
  'doc-available',
  'unparsed-text',
  'unparsed-text-lines',
  'unparsed-text-available',
  'collection',
  'uri-collection',
  'json-doc',
  'transform',
  'evaluate',
])
// Elements that write or read other documents: exsl:document, xsl:result-document.
const DOCUMENT_ELEMENT = /<\s*(?:[A-Za-z_][\w.-]*:)?(?:result-)?document[\s/>]/
const callsLoader = (text: string) => calledFunctions(text).some((name) => LOADING_CALLS.has(name))
// EXSLT dyn:evaluate and saxon:evaluate build XPath at run time and could call document() out of sight.
const DYNAMIC_NS = /http:\/\/exslt\.org\/dynamic|http:\/\/icl\.com\/saxon|http:\/\/saxon\.sf\.net/

/** Finds what in an XSLT stylesheet could fetch another file or evaluate XPath built at run time. */
export function stylesheetRisk(xslt: string): StylesheetRisk {
  if (hasDoctypeOrEntity(xslt)) return 'doctype'
  if (IMPORT.test(xslt)) return 'import'
  if (INCLUDE.test(xslt)) return 'include'
  // Attribute values reach XPath with character references decoded: docu&#109;ent( is document(.
  const decoded = decodeCharRefs(xslt)
  if (callsLoader(xslt) || callsLoader(decoded)) return 'document'
  if (DOCUMENT_ELEMENT.test(xslt) || DOCUMENT_ELEMENT.test(decoded)) return 'document'
  if (DYNAMIC_NS.test(xslt) || DYNAMIC_NS.test(decoded)) return 'dynamic'
  return null
}

function decodeCharRefs(text: string): string {
  return text.replace(/&#(x[0-9a-fA-F]+|[0-9]+);/g, (ref, code: string) => {
    const n = code[0] === 'x' ? parseInt(code.slice(1), 16) : parseInt(code, 10)
    return n <= 0x10ffff ? String.fromCodePoint(n) : ref
  })
}
