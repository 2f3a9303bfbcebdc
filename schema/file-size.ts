/** Turkish number format: decimal comma, dot for thousands ('1.234,5'). */
const numbers = new Map<number, Intl.NumberFormat>()
/** A number in Turkish format with at most `decimals` decimals (`Intl` with tr-TR). */
export function formatNumber(value: number, decimals = 0): string {
  let f = numbers.get(decimals)
  if (!f) numbers.set(decimals, (f = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: decimals })))
  return f.format(value)
}

/**
 * File size as bayt/KB/MB/GB with at most two decimals, in Turkish format ('4,56 MB', '0 bayt'): the spec's
 * program sizes, and every size the admin shows (issue 23). Kept free of zod so the public site's islands can
 * import it without shipping the schema library.
 */
export function formatFileSize(bytes: number, decimals = 2): string {
  if (!bytes || bytes < 0) return '0 bayt'
  const units = ['bayt', 'KB', 'MB', 'GB']
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)))
  return `${formatNumber(bytes / 1024 ** i, i === 0 ? 0 : decimals)} ${units[i]}`
}
