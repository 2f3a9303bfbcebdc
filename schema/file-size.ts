/** Turkish number format: decimal comma, dot for thousands ('1.234,5'). */
const numbers = new Map<number, Intl.NumberFormat>()

/**
 * A number in Turkish format with at most `decimals` decimals, exactly as `Intl.NumberFormat('tr-TR')` writes it
 * (rounding half away from zero on the number's shortest decimal form). Plain numbers are written here without
 * Intl: the first Intl object a browser page makes loads its locale data, tens of milliseconds of a phone's main
 * thread (the library's dashboard, issue 31, decision 319). Negative, huge or tiny values still go through Intl.
 */
export function formatNumber(value: number, decimals = 0): string {
  const plain = plainTurkishNumber(value, decimals)
  if (plain !== null) return plain
  let f = numbers.get(decimals)
  if (!f) numbers.set(decimals, (f = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: decimals })))
  return f.format(value)
}

/** Intl's tr-TR text for a finite value ≥ 0 written without an exponent; null for the rest (Intl writes those). */
function plainTurkishNumber(value: number, decimals: number): string | null {
  const text = String(value)
  if (!(value >= 0) || !Number.isInteger(decimals) || decimals < 0 || decimals > 20 || /[^0-9.]/.test(text))
    return null
  const [whole = '0', fraction = ''] = text.split('.')
  // The kept digits as one decimal string, rounded up when the first dropped digit is 5 or more.
  let digits = whole + fraction.slice(0, decimals).padEnd(decimals, '0')
  if (fraction.length > decimals && fraction[decimals]! >= '5') digits = addOne(digits)
  const intPart = digits.slice(0, digits.length - decimals).replace(/^0+(?=\d)/, '') || '0'
  const fracPart = digits.slice(digits.length - decimals).replace(/0+$/, '')
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return fracPart ? `${grouped},${fracPart}` : grouped
}

/** A string of decimal digits plus one ('0999' → '1000', '99' → '100'). */
function addOne(digits: string): string {
  const out = digits.split('')
  let i = out.length - 1
  while (i >= 0 && out[i] === '9') out[i--] = '0'
  if (i < 0) return `1${out.join('')}`
  out[i] = String(Number(out[i]) + 1)
  return out.join('')
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
