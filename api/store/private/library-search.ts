/**
 * Turkish folding for the library's full-text search, applied to the indexed texts and to the query alike:
 * lowercase by Turkish rules (I→ı, İ→i), then ı→i and the letters with marks to their plain ones, so 'kilavuz',
 * 'KILAVUZ' and 'Kılavuz' are one word. FTS5's unicode61 tokenizer removes marks (ş→s) but keeps ı apart from i,
 * and lowercases I to i where Turkish says ı: folding ourselves makes both sides meet whatever was typed.
 */
const PLAIN: Record<string, string> = {
  ı: 'i',
  ş: 's',
  ğ: 'g',
  ü: 'u',
  ö: 'o',
  ç: 'c',
  â: 'a',
  î: 'i',
  û: 'u',
}

export function foldTurkish(text: string): string {
  return text
    .toLocaleLowerCase('tr-TR')
    .replace(/[ışğüöçâîû]/g, (ch) => PLAIN[ch]!)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
}

/** Most words of a query that are searched: a pasted paragraph must not become a query of hundreds of terms. */
const MAX_TERMS = 12

/**
 * An FTS5 MATCH expression for what a member typed: each word (letters and digits, folded) as a quoted prefix
 * term, all of them required ('e-fatura kılav' → '"e"* "fatura"* "kilav"*'). Quoting keeps FTS5's own syntax
 * (AND, NEAR, *, ^, column filters) out of people's words. Null when nothing searchable was typed.
 */
export function matchExpression(query: string): string | null {
  const words = foldTurkish(query).match(/[\p{L}\p{N}]+/gu) ?? []
  const unique = [...new Set(words)].slice(0, MAX_TERMS)
  return unique.length ? unique.map((w) => `"${w}"*`).join(' ') : null
}
