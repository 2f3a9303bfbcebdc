/**
 * Regenerates the raster demo images from their SVG sources:
 * assets/demo-image-sources/<name>.svg → public/demo/<name>.webp (at the SVG's own size),
 * assets/demo-image-sources/logo-mark.svg → public/demo/logo-180.png (touch icon).
 * Run: node scripts/make-demo-images.ts   (texts render with the system's DejaVu Sans, as committed)
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import sharp from 'sharp'

const demoDir = join(import.meta.dirname, '..', 'public', 'demo')
// Sources live outside public/ so they are neither copied into site builds nor served.
const srcDir = join(import.meta.dirname, '..', 'assets', 'demo-image-sources')
/** Target size per image; quality steps down until a file fits (flat art rarely needs it). */
const MAX_BYTES = 60 * 1024
const QUALITIES = [82, 74, 66, 58]

/** Encodes one SVG as WebP, lowering the quality only while the file is over MAX_BYTES. */
async function toWebp(svg: Buffer): Promise<Buffer> {
  let out = Buffer.alloc(0)
  for (const quality of QUALITIES) {
    out = await sharp(svg, { density: 72 }).webp({ quality, effort: 6, smartSubsample: true }).toBuffer()
    if (out.length <= MAX_BYTES) break
  }
  return out
}

/** Converts every source and returns [file, bytes] rows for the log. */
export async function makeDemoImages(): Promise<[string, number][]> {
  const rows: [string, number][] = []
  for (const file of readdirSync(srcDir)
    .filter((f) => f.endsWith('.svg'))
    .sort()) {
    const svg = readFileSync(join(srcDir, file))
    const name = basename(file, '.svg')
    if (name === 'logo-mark') {
      const target = join(demoDir, 'logo-180.png')
      await sharp(svg).resize(180, 180).png({ compressionLevel: 9, palette: true }).toFile(target)
      rows.push(['logo-180.png', statSync(target).size])
      continue
    }
    const target = join(demoDir, `${name}.webp`)
    writeFileSync(target, await toWebp(svg))
    rows.push([`${name}.webp`, statSync(target).size])
  }
  return rows
}

if (import.meta.main) {
  const rows = await makeDemoImages()
  for (const [file, bytes] of rows)
    console.log(`${file.padEnd(34)} ${(bytes / 1024).toFixed(1).padStart(6)} KB`)
  console.log(`${rows.length} files written to public/demo/`)
}
