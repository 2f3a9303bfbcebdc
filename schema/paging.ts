import type { PageInfo } from './list-query.ts'

/** A page of a list as the API answers it under `data` (inbox, archive, audit log), with the paging numbers. */
export type Paged<T> = PageInfo & { data: T[] }
