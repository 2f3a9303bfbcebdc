import { LibxsltError, registerExslt, transformWithModule, type LibxsltModule } from './libxslt-module.ts'
import { detail } from './problems.ts'
import { ViewerFailure } from './viewer-failure.ts'

/** Where the page serves libxslt-wasm's glue; it finds libxslt.wasm next to itself (see engine-files.ts). */
export const ENGINE_URL = '/xml-goruntuleyici/motor/libxslt.js'

let loading: Promise<LibxsltModule> | null = null

/** True when this browser can run libxslt-wasm: it needs WebAssembly JS Promise Integration (JSPI). */
export function canRunWasmEngine(): boolean {
  const wasm = (globalThis as { WebAssembly?: { Suspending?: unknown } }).WebAssembly
  return typeof wasm?.Suspending === 'function'
}

/** Loads libxslt compiled to WebAssembly, once; only browsers without XSLTProcessor ever ask for it. */
export function loadWasmEngine(): Promise<LibxsltModule> {
  loading ??= (async () => {
    const { default: factory } = (await import(
      /* @vite-ignore */ new URL(ENGINE_URL, location.href).href
    )) as {
      default: () => Promise<LibxsltModule>
    }
    // This build ignores print/printErr options: libxslt's notes (e.g. 'only 1.1 features are supported' for
    // version="2.0" stylesheets) reach the console as errors, as xsltproc writes them to stderr.
    const mod = await factory()
    registerExslt(mod)
    return mod
  })()
  // A failed download may succeed on the next attempt.
  loading.catch(() => (loading = null))
  return loading
}

/** Runs the stylesheet with libxslt-wasm and returns the serialized result, as xsltproc would write it. */
export async function transformInWasm(xml: string, xslt: string): Promise<string> {
  const mod = await loadWasmEngine()
  try {
    return await transformWithModule(mod, xml, xslt)
  } catch (error) {
    if (!(error instanceof LibxsltError)) throw error
    if (error.step === 'document') throw new ViewerFailure({ kind: 'invalid' })
    const text = error.step === 'stylesheet' ? detail.badStylesheet : detail.transformFailed
    throw new ViewerFailure({ kind: 'process', detail: text })
  }
}
