/** Escapes text for XML element content and attribute values. */
export function escapeXml(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // Control characters other than tab and newlines are not allowed in XML 1.0.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
  )
}

/** RFC 822 date for RSS, or '' when the value cannot be parsed. */
export function rfc822(value: string | undefined): string {
  const time = value ? Date.parse(value) : NaN
  return Number.isNaN(time) ? '' : new Date(time).toUTCString()
}

/** Türkiye keeps UTC+3 all year (no summer time since 2016). */
const ISTANBUL_OFFSET_MS = 3 * 3600_000

/**
 * yyyy-mm-dd for sitemap lastmod, the day in Istanbul (issue 30: a post published at 01:30 Istanbul time got the
 * previous UTC day while its page said the right one), or '' when the value cannot be parsed.
 */
export function isoDateOnly(value: string | undefined): string {
  const time = value ? Date.parse(value) : NaN
  return Number.isNaN(time) ? '' : new Date(time + ISTANBUL_OFFSET_MS).toISOString().slice(0, 10)
}
