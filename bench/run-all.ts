import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

/** `npm run bench`: every benchmark, one after the other (they share the machine's two cores). */
for (const name of ['static-serving.ts', 'save-to-live.ts', 'admin-list.ts', 'contact-messages.ts', 'media-page.ts', 'external-edit.ts', 'publish-property.ts', 'cost-flat.ts', 'save-memory.ts', 'stretch-100k.ts']) {
  console.log(`\n== ${name}`)
  const { status } = spawnSync(process.execPath, [join(import.meta.dirname, name)], { stdio: 'inherit' })
  if (status !== 0) process.exit(status ?? 1)
}
