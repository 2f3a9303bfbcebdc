import { createApp } from 'astro/app/entrypoint'
import { renderScope, type RenderScope } from './lib/render-scope.ts'
import { loadNextChange } from './lib/content.ts'
import { mediaKeys as keysOfMedia, sitePages, type SitePage } from './lib/site-pages.ts'

// The server bundle's entry (render-adapter.mjs): imported once by the API process, which renders with it.
const app = createApp({ streaming: false })

/** Every page of the site for this content, each with a key that changes when anything it shows changes. */
export function listPages(scope: RenderScope): SitePage[] {
  return renderScope.run(scope, sitePages)
}

/** The media library's records as hashes by URL, and one hash of the whole library (site-pages.ts). */
export function mediaKeys(scope: RenderScope): { all: string; byUrl: Map<string, string> } {
  return renderScope.run(scope, keysOfMedia)
}

/**
 * The next time (ms) after the scope's clock at which a scheduled item appears or disappears (null: none): the
 * publisher arms its timer for it, so a scheduled change goes live with no request (issue 21).
 */
export function nextChange(scope: RenderScope): number | null {
  return renderScope.run(scope, loadNextChange)
}

/** Renders one page (an absolute URL on the site's origin) from the scope's content. */
export function renderPage(url: string, scope: RenderScope): Promise<Response> {
  return renderScope.run(scope, () => app.render(new Request(url)))
}

export type { RenderScope, SitePage }
