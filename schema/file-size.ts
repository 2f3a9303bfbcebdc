/**
 * File size as Bytes/KB/MB/GB with at most two decimals (spec: program sizes). Kept free of zod so the public
 * site's islands can import it without shipping the schema library.
 */
export function formatFileSize(bytes: number): string {
  if (!bytes) return '0 Bytes'
  const units = ['Bytes', 'KB', 'MB', 'GB']
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)))
  return `${parseFloat((bytes / 1024 ** i).toFixed(2))} ${units[i]}`
}
