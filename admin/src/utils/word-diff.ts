/**
 * Word-level differences of two texts, as track changes reads (issue 30): only the words that changed are marked,
 * the rest is shown once. Words keep the spaces after them, so the parts joined give back each text.
 */
export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string }

/** Above this many word pairs in the changed middle, it is shown as one deletion and one insertion. */
const MAX_CELLS = 400_000

const words = (text: string): string[] => text.match(/\s+|[^\s]+\s*/g) ?? []

export function wordDiff(before: string, after: string): DiffPart[] {
  const a = words(before)
  const b = words(after)
  // The common start and end first: an edit usually touches a few words of a long text.
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let end = 0
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++
  const midA = a.slice(start, a.length - end)
  const midB = b.slice(start, b.length - end)
  const parts: DiffPart[] = []
  const push = (kind: DiffPart['kind'], text: string) => {
    if (!text) return
    const last = parts[parts.length - 1]
    if (last && last.kind === kind) last.text += text
    else parts.push({ kind, text })
  }
  push('same', a.slice(0, start).join(''))
  if (midA.length * midB.length > MAX_CELLS) {
    push('removed', midA.join(''))
    push('added', midB.join(''))
  } else {
    for (const part of middle(midA, midB)) push(part.kind, part.text)
  }
  push('same', a.slice(a.length - end).join(''))
  return parts
}

/** Longest common subsequence of two word lists, walked into parts (deletions before insertions). */
function middle(a: string[], b: string[]): DiffPart[] {
  const n = a.length
  const m = b.length
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1))
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!)
  const parts: DiffPart[] = []
  let i = 0
  let j = 0
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      parts.push({ kind: 'same', text: a[i]! })
      i++
      j++
    } else if (j >= m || (i < n && lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      parts.push({ kind: 'removed', text: a[i++]! })
    } else {
      parts.push({ kind: 'added', text: b[j++]! })
    }
  }
  return parts
}
