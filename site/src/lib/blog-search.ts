/** What the blog list island needs of a post; the page builds it at build time. */
export type BlogListItem = {
  id: string
  title: string
  excerpt: string
  /** Plain text of the post's text blocks, searched along with title and excerpt. */
  text: string
  tags: string[]
  author: string
  /** Date already formatted in Turkish at build time. */
  dateText: string
  createdAt: string
  image: string
}

/** Lower-cases the Turkish way: 'İ' → 'i', 'I' → 'ı', so 'İstanbul' matches 'istanbul'. */
export function foldTurkish(text: string): string {
  return text.toLocaleLowerCase('tr')
}

/** Plain text of the text blocks of a post (tags stripped, whitespace collapsed). */
export function plainTextOf(items: readonly { type: string; content?: string }[]): string {
  return items
    .filter((item) => item.type === 'text' && item.content)
    .map((item) => (item.content ?? '').replace(/<[^>]*>/g, ' '))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** True when every word of the query occurs in the title, excerpt or text (Turkish case-insensitive). */
export function matchesQuery(post: Pick<BlogListItem, 'title' | 'excerpt' | 'text'>, query: string): boolean {
  const words = foldTurkish(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const haystack = foldTurkish(`${post.title}\n${post.excerpt}\n${post.text}`)
  return words.every((word) => haystack.includes(word))
}

/** Posts matching the search and, when a tag is chosen, carrying exactly that tag. */
export function filterPosts<T extends Pick<BlogListItem, 'title' | 'excerpt' | 'text' | 'tags'>>(
  posts: readonly T[],
  query: string,
  tag: string | null,
): T[] {
  return posts.filter((post) => (tag === null || post.tags.includes(tag)) && matchesQuery(post, query))
}

/** Every distinct tag of the posts, sorted the Turkish way. */
export function allTags(posts: readonly Pick<BlogListItem, 'tags'>[]): string[] {
  return [...new Set(posts.flatMap((post) => post.tags))].sort((a, b) => a.localeCompare(b, 'tr'))
}
