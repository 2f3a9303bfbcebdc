import { defineConfig } from 'astro/config'
import react from '@astrojs/react'
import publishAdapter from './render-adapter.mjs'
import preactLibrary from './preact-library.mjs'
import { fileURLToPath } from 'node:url'

// The repo root, for site/src/lib/content-files.ts: the build bundles that file elsewhere, so it cannot find it itself.
// SITE_REPO_ROOT: the checkout when the server builds from a copy of the sources (api/publish/astro-build.ts).
const repoRoot = process.env.SITE_REPO_ROOT || fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '')

// The build emits the site's code once (client assets and a server bundle, SITE_OUT_DIR from api/publish); pages
// are rendered from content by the API process through the bundle (render-adapter.mjs), never by `astro build`.
export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:3000',
  output: 'server',
  adapter: publishAdapter(),
  publicDir: '../public',
  outDir: process.env.SITE_OUT_DIR || './dist',
  // Each server keeps its own cache so parallel builds (tests, several servers) never share state.
  cacheDir: process.env.SITE_CACHE_DIR || './node_modules/.astro',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react()],
  // Hashes of every inline script and style, computed at build (and by the in-process renderer) into a CSP <meta>;
  // the server copies its script-src and style-src into the page's CSP header (decision 016).
  security: { csp: true },
  vite: {
    // The members' library on Preact, the other islands on React (decision 317).
    plugins: [preactLibrary()],
    define: { __REPO_ROOT__: JSON.stringify(repoRoot) },
    // Module workers: libxslt-wasm (XML viewer) uses top-level await, which the default 'iife' worker format rejects.
    worker: { format: 'es' },
  },
  devToolbar: { enabled: false },
  telemetry: false,
})
