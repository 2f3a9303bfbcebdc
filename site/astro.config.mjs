import { defineConfig } from 'astro/config'
import react from '@astrojs/react'

// CONTENT_DIR and SITE_OUT_DIR come from the server's rebuild (a fresh folder per build, swapped in when done).
export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:3000',
  publicDir: '../public',
  outDir: process.env.SITE_OUT_DIR || './dist',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react()],
  devToolbar: { enabled: false },
  telemetry: false,
})
