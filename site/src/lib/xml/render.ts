import { hasBrowserXslt, transformInBrowser } from './engine-browser.ts'
import { canRunWasmEngine, loadWasmEngine, transformInWasm } from './engine-wasm.ts'
import { prepareDocument } from './prepare.ts'
import type { ViewerProblem } from './problems.ts'
import { frameHtml, hasParseError, outputMethod, parseEngineOutput } from './result-document.ts'
import { ViewerFailure } from './viewer-failure.ts'

/** Which XSLT engine rendered a document. */
export type EngineName = 'browser' | 'wasm'

/** The framed document's HTML and the engine that made it, or the problem to show instead. */
export type RenderOutcome =
  { ok: true; html: string; engine: EngineName } | { ok: false; problem: ViewerProblem }

/** Starts loading the engine this browser will need, so a render after the click does not wait for it. */
export function warmUpEngine(): void {
  if (!hasBrowserXslt() && canRunWasmEngine()) loadWasmEngine().catch(() => {})
}

/** Reads, checks and transforms a chosen file; never touches the network except to load our own engine. */
export async function renderFile(file: Blob): Promise<RenderOutcome> {
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(await file.arrayBuffer())
  } catch {
    return { ok: false, problem: { kind: 'read' } }
  }
  try {
    return await renderBytes(bytes)
  } catch (error) {
    if (error instanceof ViewerFailure) return { ok: false, problem: error.problem }
    return { ok: false, problem: { kind: 'process', detail: String((error as Error)?.message ?? error) } }
  }
}

async function renderBytes(bytes: Uint8Array): Promise<RenderOutcome> {
  const prepared = prepareDocument(bytes)
  if (!prepared.ok) return prepared
  // The browser's parser is the strict judge of well-formedness in both modes.
  const xmlDoc = new DOMParser().parseFromString(prepared.xml, 'application/xml')
  if (hasParseError(xmlDoc)) return { ok: false, problem: { kind: 'invalid' } }
  if (hasBrowserXslt()) {
    return { ok: true, engine: 'browser', html: frameHtml(transformInBrowser(xmlDoc, prepared.xslt)) }
  }
  if (!canRunWasmEngine()) return { ok: false, problem: { kind: 'noEngine' } }
  try {
    await loadWasmEngine()
  } catch {
    return { ok: false, problem: { kind: 'noEngine' } }
  }
  const output = await transformInWasm(prepared.xml, prepared.xslt)
  return { ok: true, engine: 'wasm', html: frameHtml(parseEngineOutput(output, outputMethod(prepared.xslt))) }
}
