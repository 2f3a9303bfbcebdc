/** Image fixtures for upload tests: a real 1×1 PNG (bytes, file, data URL) and a text file posing as one. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

/** The bytes of a valid 1×1 PNG (signature, IHDR, IDAT, IEND). */
export const PNG = new Uint8Array(Buffer.from(PNG_BASE64, 'base64'))

/** The same PNG as the browser's data URL. */
export const pngDataUrl = `data:image/png;base64,${PNG_BASE64}`

/** The PNG as an uploaded file. */
export function pngFile(name = 'gorsel.png'): File {
  return new File([PNG], name, { type: 'image/png' })
}

/** A file that claims to be an image but is text (the server must look at the bytes). */
export function fakeImageFile(name = 'sahte.png'): File {
  return new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], name, {
    type: 'image/png',
  })
}
