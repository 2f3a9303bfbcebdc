/**
 * Same output as formatFileSize in schema/program.ts (a parity test keeps them equal). Islands cannot import
 * that module: it builds zod schemas at load time, which would add ~120 KB of zod to the page's JavaScript.
 */
export function formatFileSize(bytes: number): string {
  if (!bytes) return '0 Bytes'
  const units = ['Bytes', 'KB', 'MB', 'GB']
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)))
  return `${parseFloat((bytes / 1024 ** i).toFixed(2))} ${units[i]}`
}
