import { createWriteStream } from 'node:fs'
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { newId } from '../lib/ids.ts'

const UPLOAD_NAME = /^[A-Za-z0-9_-]{8,64}\.(jpg|png|gif|webp|avif|mp4|webm|ogg)$/
/** A sized copy of an upload: <id>.<width>w.<avif|webp> (see variantUrl in schema/media.ts). */
const COPY_NAME = /^([A-Za-z0-9_-]{8,64})\.\d{1,5}w\.(avif|webp)$/
const FILE_KEY = /^files\/[A-Za-z0-9_-]{8,64}$/
// A demo file name never starts with a dot, so 'demo/..' cannot name public/ itself.
const DEMO_KEY = /^demo\/(?!\.)[A-Za-z0-9._-]{1,128}$/

/** Uploaded images and program files in DATA_DIR, under unguessable names; nothing else writes there. */
export type FileStore = ReturnType<typeof createFileStore>

/** The file store on DATA_DIR (uploads/, files/); bundled demo program files are read from `publicDir`. */
export function createFileStore(dataDir: string, publicDir: string) {
  const uploadsDir = join(dataDir, 'uploads')
  const filesDir = join(dataDir, 'files')
  return {
    uploadsDir,
    /** Bytes used by uploaded images and program files (the dashboard's storage line). */
    async usage(): Promise<{ uploadsBytes: number; programFilesBytes: number }> {
      return { uploadsBytes: await folderBytes(uploadsDir), programFilesBytes: await folderBytes(filesDir) }
    },
    /** Creates the folders (call once before use). */
    async init() {
      await mkdir(uploadsDir, { recursive: true, mode: 0o700 })
      await mkdir(filesDir, { recursive: true, mode: 0o700 })
    },
    /** Stores already-checked bytes; returns the public URL /uploads/<id>.<ext>. */
    async saveUpload(bytes: Uint8Array, ext: string): Promise<string> {
      const name = `${newId(12)}.${ext}`
      await writeFile(join(uploadsDir, name), bytes)
      return `/uploads/${name}`
    },
    /** Stores the sized copies of an upload (`/uploads/<id>.<ext>` → `<id>.<width>w.<format>`). */
    async saveCopies(url: string, copies: { width: number; format: string; bytes: Uint8Array }[]) {
      const stem = uploadStem(url)
      if (!stem) return
      for (const copy of copies)
        await writeFile(join(uploadsDir, `${stem}.${copy.width}w.${copy.format}`), copy.bytes)
    },
    /** Our originals on disk (sized copies left out), with their size and date: for uploads made before records. */
    async listUploads(): Promise<{ url: string; bytes: number; modifiedAt: Date }[]> {
      const names = (await readdir(uploadsDir)).filter((n) => UPLOAD_NAME.test(n))
      const rows = await Promise.all(
        names.map(async (name) => {
          const info = await stat(join(uploadsDir, name)).catch(() => null)
          return info?.isFile() ? { url: `/uploads/${name}`, bytes: info.size, modifiedAt: info.mtime } : null
        }),
      )
      return rows.filter((row) => row !== null)
    },
    /** Absolute path of an upload by its file name, or null for anything that is not one of ours. */
    uploadPath(name: string): string | null {
      return UPLOAD_NAME.test(name) || COPY_NAME.test(name) ? join(uploadsDir, name) : null
    },
    /** Removes an upload we own and its sized copies, given its URL; other URLs (demo assets, http) are left alone. */
    async removeUpload(url: string): Promise<void> {
      const stem = uploadStem(url)
      if (!stem) return
      const copies = (await readdir(uploadsDir)).filter((n) => COPY_NAME.exec(n)?.[1] === stem)
      for (const name of [url.slice('/uploads/'.length), ...copies])
        await rm(join(uploadsDir, name), { force: true })
    },
    /** A new program file: where to stream it and the key to store in programs.json. */
    newProgramFile(): { key: string; path: string; stream: () => NodeJS.WritableStream } {
      const key = `files/${newId(12)}`
      const path = join(dataDir, key)
      return { key, path, stream: () => createWriteStream(path) }
    },
    /** Our program files on disk (key 'files/…') with their date: the sweeper looks for ones no program names. */
    async listProgramFiles(): Promise<{ key: string; modifiedAt: Date }[]> {
      const names = await readdir(filesDir).catch(() => [] as string[])
      const rows = await Promise.all(
        names.map(async (name) => {
          const info = await stat(join(filesDir, name)).catch(() => null)
          const key = `files/${name}`
          return info?.isFile() && FILE_KEY.test(key) ? { key, modifiedAt: info.mtime } : null
        }),
      )
      return rows.filter((row) => row !== null)
    },
    /** Absolute path of a program file key ('files/…' in DATA_DIR, 'demo/…' bundled in public/), or null. */
    programFilePath(key: string): string | null {
      if (FILE_KEY.test(key)) return join(dataDir, key)
      if (DEMO_KEY.test(key)) return join(publicDir, key)
      return null
    },
    /** Removes a program file we own; bundled demo files are never deleted. */
    async removeProgramFile(key: string): Promise<void> {
      if (FILE_KEY.test(key)) await rm(join(dataDir, key), { force: true })
    },
  }
}

/** The id part of one of our upload URLs (/uploads/<id>.<ext>), or null for anything else. */
function uploadStem(url: string): string | null {
  const name = url.startsWith('/uploads/') ? url.slice('/uploads/'.length) : ''
  return UPLOAD_NAME.test(name) ? name.slice(0, name.lastIndexOf('.')) : null
}

/** Total size of the files directly in a folder (ours are flat). */
async function folderBytes(dir: string): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[])
  const sizes = await Promise.all(
    names.map((n) =>
      stat(join(dir, n)).then(
        (s) => (s.isFile() ? s.size : 0),
        () => 0,
      ),
    ),
  )
  return sizes.reduce((a, b) => a + b, 0)
}
