import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { addUser, loginCookie, type TestApp } from '../test-helpers.ts'

/** Test data for the content routes: real image bytes, multipart requests and an admin session. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
export const PNG = new Uint8Array(Buffer.from(PNG_BASE64, 'base64'))
export const pngDataUrl = `data:image/png;base64,${PNG_BASE64}`

export function pngFile(name = 'gorsel.png'): File {
  return new File([PNG], name, { type: 'image/png' })
}

/** A file that claims to be an image but is text (the server must look at the bytes). */
export function fakeImageFile(name = 'sahte.png'): File {
  return new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], name, {
    type: 'image/png',
  })
}

/** A logged-in admin's Cookie header. */
export async function adminCookie(t: TestApp): Promise<string> {
  return loginCookie(t, (await addUser(t.deps.data)).email)
}

type FormValue = string | File | File[] | undefined
/** A multipart request; array values become repeated parts. */
export function formRequest(
  t: TestApp,
  method: string,
  path: string,
  fields: Record<string, FormValue>,
  cookie?: string,
) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v)
  }
  return t.app.request(path, { method, body, headers: cookie ? { cookie } : {} })
}

/** File names in DATA_DIR/uploads (to check what was stored and removed). */
export async function uploadNames(t: TestApp): Promise<string[]> {
  return (await readdir(join(t.dataDir, 'uploads'))).sort()
}
