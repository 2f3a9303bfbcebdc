import type { Picture } from '#schema/media.ts'
import { callApi } from './island-api.ts'

/** A post card of the blog list: what the page passes for its own page and what /api/blog-search answers. */
export type BlogCardData = {
  id: string
  /** The post's address part (schema/address.ts); missing: its id. */
  slug?: string
  title: string
  excerpt: string
  author: string
  tags: string[]
  /** ISO date; the card shows it in Turkish. */
  createdAt: string
  /** The card image ('' for none). */
  image: string
  /** The image as <picture> data (the API's search results carry it). */
  picture?: Picture
}

/**
 * Props of the BlogList island (the contract with the blog list pages): only this page's cards, every tag of all
 * published posts, and the page numbers. Searching and tag filtering fetch /api/blog-search.
 */
export type BlogListProps = {
  /** This page's cards, newest first. */
  posts: BlogCardData[]
  /** Every distinct tag of all published posts, in Turkish order. */
  tags: string[]
  /** This page's number, from 1. */
  page: number
  /** Number of list pages. */
  pageCount: number
  /** Published posts over all pages. */
  total: number
}

/** The card of a stored post (the pages build their cards with it). */
export function cardOf(post: {
  id: string
  slug?: string
  title: string
  excerpt: string
  author: string
  tags: string[]
  createdAt: string
  featuredImage?: string
  images?: string[]
}): BlogCardData {
  const { id, title, excerpt, author, tags, createdAt } = post
  const card: BlogCardData = { id, title, excerpt, author, tags, createdAt, image: post.featuredImage || post.images?.[0] || '' }
  if (post.slug) card.slug = post.slug
  return card
}

/** Every distinct tag of the posts, sorted the Turkish way. */
export function allTags(posts: readonly { tags: readonly string[] }[]): string[] {
  // A loop, not flatMap: no array per post (10,000 posts at each publish).
  const tags = new Set<string>()
  for (const post of posts) for (const tag of post.tags) tags.add(tag)
  return inTurkishOrder(tags)
}

const turkish = new Intl.Collator('tr')
/**
 * Tags in Turkish order; two that Turkish collation holds equal (another Unicode form of one letter) by their
 * code units, so the order depends on the tags alone, not on which post came first (content.ts carries it).
 */
export const inTurkishOrder = (tags: Iterable<string>): string[] =>
  [...tags].sort((a, b) => turkish.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0))

/** Cards per page of search results. */
export const SEARCH_PAGE_SIZE = 12

/** What a search asks for. */
export type BlogSearch = { q: string; tag: string | null; page: number }

/** The /api/blog-search address of a search (blank parts left out). */
export function searchUrl({ q, tag, page }: BlogSearch): string {
  const params = new URLSearchParams()
  if (q.trim()) params.set('q', q.trim())
  if (tag) params.set('tag', tag)
  params.set('page', String(page))
  params.set('pageSize', String(SEARCH_PAGE_SIZE))
  return `/api/blog-search?${params}`
}

/** One page of search results, or null when the call failed. */
export type SearchPage = { cards: BlogCardData[]; total: number; page: number; pageCount: number }

/** Asks the API for one page of published posts matching the search. */
export async function fetchSearchPage(search: BlogSearch): Promise<SearchPage | null> {
  const { ok, body } = await callApi(searchUrl(search))
  if (!ok || !Array.isArray(body.data) || typeof body.total !== 'number') return null
  const pageSize = typeof body.pageSize === 'number' && body.pageSize > 0 ? body.pageSize : SEARCH_PAGE_SIZE
  return {
    cards: body.data as BlogCardData[],
    total: body.total,
    page: search.page,
    pageCount: Math.max(1, Math.ceil(body.total / pageSize)),
  }
}
