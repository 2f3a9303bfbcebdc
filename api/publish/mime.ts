import { extname } from 'node:path'

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.ogg': 'video/ogg',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
  '.zip': 'application/zip',
  '.exe': 'application/vnd.microsoft.portable-executable',
  '.pdf': 'application/pdf',
}

/** Content type by file extension; unknown files download as bytes. */
export function mimeType(path: string): string {
  return types[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

/**
 * A text type with its charset: every page and text file the site makes is UTF-8, and without the charset in the
 * header a browser must sniff it from the bytes (Lighthouse's best practices count that; decision 060).
 */
export function withCharset(type: string): string {
  const text = /^(text\/|application\/([\w.-]+\+)?(json|xml)\b)/i.test(type)
  return text && !/;\s*charset=/i.test(type) ? `${type}; charset=utf-8` : type
}

/** Text-like types worth compressing. */
export function isCompressible(type: string): boolean {
  return /^(text\/|application\/(json|xml|javascript|wasm|manifest)|image\/svg)/.test(type)
}
