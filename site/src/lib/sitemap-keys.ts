import { partName, partPath, STATIC_PART } from '#schema/sitemap-parts.ts'
import { carriedStep } from './list-steps.ts'
import { hash } from './page-hash.ts'

/** A published entry as the sitemap shows it: 'address@yyyy-mm-dd' and its content folder's number (0–255). */
export type SitemapListing = { listed: string; bucket: number }
/** A page of the sitemap and its key (site-pages.ts SitePage). */
type Page = { path: string; key: string }

const sitemapSteps = carriedStep<SitemapListing, string>()
/** The one-file sitemap's key for a collection: a hash of each address and its day of last change, in order. */
function sitemapKey(key: string, listings: readonly SitemapListing[]): string {
  const all = () => hash(listings.map((e) => e.listed).join())
  return sitemapSteps.run(key, listings, all, (last, before, positions) =>
    positions.every((i) => before[i]!.listed === listings[i]!.listed) ? last : null,
  )
}

/** A part's key (its lines in order) and its newest day of last change (the index shows it). */
type PartKey = { key: string; lastmod: string }
/** The positions of each content folder's entries in the list, and each non-empty folder's part key. */
type Parts = { members: number[][]; keys: (PartKey | undefined)[] }

function partKey(listings: readonly SitemapListing[], members: readonly number[]): PartKey {
  let lastmod = ''
  const lines = members.map((i) => {
    const { listed } = listings[i]!
    const day = listed.slice(listed.lastIndexOf('@') + 1)
    if (day > lastmod) lastmod = day
    return listed
  })
  return { key: hash(lines.join()), lastmod }
}

const partSteps = carriedStep<SitemapListing, Parts>()
/**
 * The keys of a collection's parts, by content folder. Carried, like the one-file key: a save that replaced a few
 * entries in place hashes again only the parts holding them (a few hundred lines at 100,000 posts), never walks
 * the whole list; another length or an entry of another folder at a replaced place groups the list again.
 */
function partKeys(key: string, listings: readonly SitemapListing[]): Parts {
  const all = (): Parts => {
    const members: number[][] = Array.from({ length: 256 }, () => [])
    for (const [i, e] of listings.entries()) members[e.bucket]!.push(i)
    return { members, keys: members.map((m) => (m.length ? partKey(listings, m) : undefined)) }
  }
  return partSteps.run(key, listings, all, (last, before, positions) => {
    const touched = new Set<number>()
    for (const i of positions) {
      if (before[i]!.bucket !== listings[i]!.bucket) return null
      if (before[i]!.listed !== listings[i]!.listed) touched.add(listings[i]!.bucket)
    }
    if (touched.size === 0) return last
    const keys = last.keys.slice()
    for (const b of touched) keys[b] = partKey(listings, last.members[b]!)
    return { members: last.members, keys }
  })
}

/** A collection's non-empty parts: path, key and newest day, in folder order. */
function collectionParts(key: string, prefix: string, listings: readonly SitemapListing[]) {
  return partKeys(key, listings).keys.flatMap((k, bucket) =>
    k ? [{ path: partPath(partName(prefix, bucket)), ...k }] : [],
  )
}

/**
 * The sitemap's pages (decision 342): `/sitemap.xml` alone while the site is small; else the index, keyed by each
 * part's path and newest day (what it shows), then the static pages' part (it changes only with the code) and each
 * collection's non-empty parts. `collections`: per collection its step key, part prefix and listings.
 */
export function sitemapPages(
  split: boolean,
  collections: readonly [key: string, prefix: string, listings: readonly SitemapListing[]][],
): Page[] {
  if (!split)
    return [
      {
        path: '/sitemap.xml',
        key: collections.map(([key, , listings]) => sitemapKey(key, listings)).join(':'),
      },
    ]
  const parts = collections.flatMap(([key, prefix, listings]) => collectionParts(key, prefix, listings))
  return [
    { path: '/sitemap.xml', key: `index:${hash(parts.map((p) => `${p.path}@${p.lastmod}`))}` },
    { path: partPath(STATIC_PART), key: STATIC_PART },
    ...parts.map(({ path, key }) => ({ path, key })),
  ]
}
