import { fileURLToPath } from 'node:url'

/**
 * A minimal Astro adapter: `astro build` emits a server bundle whose entry (src/render-entry.ts) lets the API
 * process render any page in-process when content changes (api/publish). No HTTP server of its own: the API
 * serves what the publisher rendered. See docs/decisions (in-process rendering).
 */
export default function publishAdapter() {
  const adapter = {
    name: 'edonusum-publish',
    entrypointResolution: 'auto',
    serverEntrypoint: fileURLToPath(new URL('./src/render-entry.ts', import.meta.url)),
    adapterFeatures: { buildOutput: 'server' },
    supportedAstroFeatures: {
      serverOutput: 'stable',
      staticOutput: 'stable',
      hybridOutput: 'stable',
      sharpImageService: 'stable',
      envGetSecret: 'stable',
    },
  }
  return { name: adapter.name, hooks: { 'astro:config:done': ({ setAdapter }) => setAdapter(adapter) } }
}
