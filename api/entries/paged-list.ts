import type { PageInfo } from '#schema/list-query.ts'

/** One page of `items` (pages from 1) with the paging numbers the API answers; past the end it is empty. */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number): PageInfo & { items: T[] } {
  const start = (page - 1) * pageSize
  return { items: items.slice(start, start + pageSize), total: items.length, page, pageSize }
}
