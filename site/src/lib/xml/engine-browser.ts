import { detail } from './problems.ts'
import { hasParseError } from './result-document.ts'
import { ViewerFailure } from './viewer-failure.ts'

/** True when the browser still ships XSLTProcessor (Chrome removes it from version 158). */
export function hasBrowserXslt(): boolean {
  return typeof globalThis.XSLTProcessor === 'function'
}

/** Runs the stylesheet with the browser's own XSLT engine (libxslt in Chromium and Safari). */
export function transformInBrowser(xml: Document, xslt: string): Document {
  const style = new DOMParser().parseFromString(xslt, 'application/xml')
  if (hasParseError(style)) throw new ViewerFailure({ kind: 'process', detail: detail.badStylesheet })
  const processor = new XSLTProcessor()
  try {
    processor.importStylesheet(style)
    const result = processor.transformToDocument(xml)
    if (result?.documentElement) return result
  } catch {
    // Chromium reports the engine's own error only in the console; the visitor gets our detail text.
  }
  throw new ViewerFailure({ kind: 'process', detail: detail.transformFailed })
}
