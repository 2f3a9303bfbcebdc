import { createHash } from 'node:crypto'
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'

const SKIP = new Set(['node_modules', 'dist', '.astro', '.git'])

async function walk(dir: string, out: string[]): Promise<void> {
  let entries
  try {
    entries = await readdir(dir, { withFileTypes: true })
  } catch {
    return
  }
  for (const e of entries) {
    if (SKIP.has(e.name)) continue
    const path = join(dir, e.name)
    if (e.isDirectory()) await walk(path, out)
    else if (e.isFile()) {
      const s = await stat(path)
      out.push(`${path}:${s.size}:${Math.floor(s.mtimeMs)}`)
    }
  }
}

/** A fingerprint of the sources a build reads (names, sizes, times): equal stamps mean the old build still fits. */
export async function buildStamp(paths: string[], extra = ''): Promise<string> {
  const lines: string[] = []
  for (const p of paths) await walk(p, lines)
  lines.sort()
  return createHash('sha256').update(extra).update(lines.join('\n')).digest('hex')
}
