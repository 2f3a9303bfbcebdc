import { fileTypeFromBuffer } from 'file-type'

export const IMAGE_EXTENSIONS = ['jpg', 'png', 'gif', 'webp'] as const
const VIDEO_EXTENSIONS: Record<string, string> = { mp4: 'mp4', webm: 'webm', ogv: 'ogg', ogg: 'ogg' }

export type MediaKind = 'image' | 'media'

/**
 * Detects the real type from the bytes (never the name or the client's MIME type) and returns the extension to
 * store it under, or null. SVG is never accepted: it can carry script.
 */
export async function sniffMedia(bytes: Uint8Array, kind: MediaKind): Promise<string | null> {
  const type = await fileTypeFromBuffer(bytes)
  if (!type) return null
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(type.ext)) return type.ext
  if (kind === 'media' && VIDEO_EXTENSIONS[type.ext]) return VIDEO_EXTENSIONS[type.ext]!
  return null
}
