/**
 * The form of a text that searches compare (issue 30, point 9): lower-cased by Turkish rules ('İ' → 'i',
 * 'I' → 'ı'), then the Turkish letters folded to their plain ones (ç→c, ğ→g, ı→i, ö→o, ş→s, ü→u) and accents
 * dropped (â→a), so 'cigir acan' finds 'Çığır Açan' and 'ISTANBUL' finds 'İstanbul': phones often type without
 * them. Used by the public blog search, the admin lists, the inbox and the audit log, for the text and the query alike.
 */
const PLAIN: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u' }

export function foldForSearch(text: string): string {
  const lower = text.toLocaleLowerCase('tr-TR').replace(/[çğıöşü]/g, (ch) => PLAIN[ch]!)
  // Only texts with other accented letters pay for the decomposition (10,000 posts are folded at start).
  return /[^\u0000-\u007f]/.test(lower) ? lower.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : lower
}
