export { MAX_IMAGE_BYTES } from '#schema/media.ts'

/** Largest image side and area: 25 MB of compressible pixels could otherwise state gigapixels for browsers to decode. */
export const MAX_IMAGE_SIDE = 16384
export const MAX_IMAGE_PIXELS = 50_000_000
