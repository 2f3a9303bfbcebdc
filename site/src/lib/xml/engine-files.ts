import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

declare const __REPO_ROOT__: string | undefined

/**
 * The two files of libxslt-wasm the browser loads, served as they are from /xml-goruntuleyici/motor/. They are
 * not bundled: Vite would rebuild the Emscripten glue as a worker (it contains `new Worker(new URL(...))`) and
 * rename the .wasm, which the glue looks for next to itself as libxslt.wasm.
 */
export const ENGINE_FILES = {
  'libxslt.js': { specifier: 'libxslt-wasm/output/libxslt.js', type: 'text/javascript; charset=utf-8' },
  'libxslt.wasm': { specifier: 'libxslt-wasm/output/libxslt.wasm', type: 'application/wasm' },
} as const

export type EngineFile = keyof typeof ENGINE_FILES

/** The bytes of one engine file, resolved from the repo's node_modules at build time. */
export function readEngineFile(name: EngineFile): Uint8Array<ArrayBuffer> {
  // The build bundles this module elsewhere, so resolve from the repo root that astro.config.mjs injects.
  const root = typeof __REPO_ROOT__ === 'string' ? __REPO_ROOT__ : process.cwd()
  const require = createRequire(join(root, 'package.json'))
  return new Uint8Array(readFileSync(require.resolve(ENGINE_FILES[name].specifier)))
}
