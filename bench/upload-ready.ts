/**
 * Issue 23's bar: 'Kaydet' enabled within 1.5 s for a 4 MB phone photo. An image field enables the form's save
 * when POST /api/upload answers, so this times that answer in process (createApp on temporary folders, no
 * network: a localhost upload of 4 MB adds tens of milliseconds), before and after, alternating in one run:
 * - before: every size made before the answer (`storeMediaFile`, what /api/upload did until issue 23);
 * - after: the original and the 800 px copies, the rest in the background (`storeMediaFileFast`).
 * Also prints when the background sizes were stored. Run: node bench/upload-ready.ts [rounds=5]
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../api/app.ts'
import { allCopiesStored } from '../api/media/media-library.ts'
import { storeMediaFile, storeMediaFileFast } from '../api/media/store-media.ts'
import { phonePhoto } from '../scripts/phone-photo.ts'
import { makeContent, median } from './lib.ts'

const rounds = Number(process.argv[2] ?? 5)
const root = await mkdtemp(join(tmpdir(), 'bench-upload-'))
const contentDir = await makeContent(root)
const { deps } = await createApp({
  contentDir,
  dataDir: join(root, 'data'),
  sessionSecret: 'bench-secret-bench-secret-bench-secret-01',
  // The server's layout (CONTENT_FOLDERS=on): content/ keeps posts and projects a file each (decision 333).
  contentVersioning: { folders: true },
})
const photo = await phonePhoto()
const file = () => new File([new Uint8Array(photo)], 'telefon.jpg', { type: 'image/jpeg' })
console.log(`4000×3000 phone JPEG, ${(photo.byteLength / 1024 / 1024).toFixed(2)} MB; ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`)

const before: number[] = []
const after: number[] = []
const allSizes: number[] = []
try {
  for (let i = 0; i < rounds; i++) {
    let t = performance.now()
    await storeMediaFile(deps, file(), 'image', 'image')
    before.push(performance.now() - t)
    t = performance.now()
    await storeMediaFileFast(deps, file(), 'image', 'image')
    after.push(performance.now() - t)
    await allCopiesStored()
    allSizes.push(performance.now() - t)
    console.log(`round ${i + 1}: before ${before.at(-1)!.toFixed(0)} ms, after ${after.at(-1)!.toFixed(0)} ms (all sizes ${allSizes.at(-1)!.toFixed(0)} ms)`)
  }
  const b = median(before)
  const a = median(after)
  console.log(`median until the upload answers ('Kaydet' enabled): before ${b.toFixed(0)} ms, after ${a.toFixed(0)} ms (${(b / a).toFixed(1)}× faster); all sizes stored after ${median(allSizes).toFixed(0)} ms`)
  console.log(`load after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`)
} finally {
  await deps.data.close()
  await rm(root, { recursive: true, force: true })
}
