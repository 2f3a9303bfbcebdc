import { AsyncLocalStorage } from 'node:async_hooks'

/** What one publish renders from: its content folder, and a version that changes with every publish. */
export type RenderScope = {
  contentDir: string
  version: number
  /** The API's content in memory by collection name (undefined: read the file), saving a parse of every file. */
  read?: (name: string) => unknown
  /**
   * Set per page by the publisher: the media records (by URL) the page looked up, so that a change of one of
   * them (alt text, sizes) re-renders exactly the pages that show it.
   */
  media?: Set<string>
  /**
   * The publish's clock (ms): what is live (scheduled items, schema/schedule.ts) is a function of it, so one
   * publish shows one moment on every page. Missing: Date.now().
   */
  now?: number
}

/**
 * The scope of the publish a render belongs to (api/publish runs each render inside one). Content is read and
 * checked once per version, not once per page; outside a publish (astro dev) CONTENT_DIR applies.
 */
export const renderScope = new AsyncLocalStorage<RenderScope>()
