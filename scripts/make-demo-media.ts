/**
 * Makes the sized AVIF/WebP copies of the bundled demo images (public/demo/<name>.<width>w.<format>, the
 * naming of uploads) and their records in content/media.json, so demo pages get <picture> like uploads do.
 * Uploaded records in media.json are kept. Run after make-demo-images.ts: node scripts/make-demo-media.ts
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { MediaItem } from '#schema/media.ts'
import { processImage } from '../api/media/image-pipeline.ts'

const root = join(import.meta.dirname, '..')
const demoDir = join(root, 'public', 'demo')
const mediaFile = join(root, 'content', 'media.json')
const COPY = /\.\d+w\.(avif|webp)$/

/** Regenerates every demo image's copies and record; returns the records. */
export async function makeDemoMedia(): Promise<MediaItem[]> {
  const records: MediaItem[] = []
  const names = readdirSync(demoDir).filter((n) => n.endsWith('.webp') && !COPY.test(n))
  for (const name of names.sort()) {
    const path = join(demoDir, name)
    const bytes = readFileSync(path)
    const image = await processImage(bytes, 'webp')
    if (!image) throw new Error(`${name}: not an image`)
    const stem = name.replace(/\.webp$/, '')
    for (const copy of image.copies)
      writeFileSync(join(demoDir, `${stem}.${copy.width}w.${copy.format}`), copy.bytes)
    const largestAvif = image.copies.filter((c) => c.format === 'avif').at(-1)
    records.push({
      url: `/demo/${name}`,
      type: 'image',
      name,
      alt: '',
      width: image.width,
      height: image.height,
      widths: [...new Set(image.copies.map((c) => c.width))],
      uploadBytes: bytes.byteLength,
      bytes: statSync(path).size,
      optimizedBytes: largestAvif?.bytes.byteLength ?? 0,
      uploadedAt: '2025-01-01T00:00:00.000Z',
    })
  }
  return records
}

if (import.meta.main) {
  const demo = await makeDemoMedia()
  const current: MediaItem[] = JSON.parse(readFileSync(mediaFile, 'utf8').trim() || '[]')
  const uploads = current.filter((item) => !item.url.startsWith('/demo/'))
  writeFileSync(mediaFile, `${JSON.stringify([...demo, ...uploads], null, 2)}\n`)
  console.log(`${demo.length} demo images sized; content/media.json written`)
}
