/** Posts per blog list page, and projects per project list page: bounded pages at any archive size. */
export const BLOG_PAGE_SIZE = 12
export const PROJECT_PAGE_SIZE = 12

/** How many list pages `total` items fill (at least one, which may be empty). */
export const pageCount = (total: number, size: number): number => Math.max(1, Math.ceil(total / size))

/** The address of list page `n` under `base`: page 1 is the base itself, then `${base}/sayfa/${n}`. */
export const pageHref = (base: string, n: number): string => (n <= 1 ? base : `${base}/sayfa/${n}`)

/** The page number in a `sayfa/N` parameter: a whole number from 2 up, else null (page 1 has no `sayfa/1`). */
export function parsePageNumber(param: string | undefined): number | null {
  if (!param || !/^[1-9][0-9]*$/.test(param)) return null
  const n = Number(param)
  return n >= 2 ? n : null
}

/** Page numbers to link around `current` (first, last and two either side); null marks a gap. */
export function pageWindow(current: number, count: number): (number | null)[] {
  const shown = [...new Set([1, current - 2, current - 1, current, current + 1, current + 2, count])]
    .filter((n) => n >= 1 && n <= count)
    .sort((a, b) => a - b)
  const out: (number | null)[] = []
  for (const n of shown) {
    if (out.length && n - (out[out.length - 1] as number) > 1) out.push(null)
    out.push(n)
  }
  return out
}

/** The slice of `items` on page `n`. */
export const pageItems = <T>(items: T[], n: number, size: number): T[] => items.slice((n - 1) * size, n * size)
