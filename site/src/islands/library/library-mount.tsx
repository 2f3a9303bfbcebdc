import { options } from 'preact'
import { startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import type { PublicMember } from '#schema/member-roles.ts'
import { callApi } from '../../lib/island-api.ts'
import type { ShelfStart } from '../../lib/library-api.ts'
import { clearMember } from '../../lib/library-session.ts'
import { LibraryDashboard } from './LibraryDashboard.tsx'

// Effects (useEffect) run right after each render, as React runs them after a click or a keystroke, not after the
// next frame as Preact would by default: the item form's draft and its beforeunload warning must be in place
// before anything else happens (a reload right after typing; decision 317).
options.requestAnimationFrame = (flush) => queueMicrotask(flush)

type Options = {
  /** Right after a login: focus goes to the welcome heading (the form that had it is gone). */
  focusWelcome: boolean
  /** The server said the session is over (401): the page shows its login form again. */
  onSessionEnded: () => void
  /** The shelf's first answers, asked for while this code loaded. */
  start: ShelfStart
}

/**
 * Mounts the member's dashboard into `container` (its 'Yükleniyor...' is replaced) and returns how to take it down.
 * Loaded by /kutuphane's own script only when a member is stored or has just logged in: a visitor's login page
 * carries no framework at all (Lighthouse, issue 31, decision 315). The `react` imports of this folder are Preact
 * (`preact/compat`) in the build (site/preact-library.mjs, decision 317): a member's phone never runs react-dom.
 */
export function mountLibrary(container: HTMLElement, member: PublicMember, options: Options): () => void {
  const root = createRoot(container)
  // A transition: React (Preact's compat: at once) renders in slices of a few milliseconds and lets the browser breathe between them, instead
  // of one long task while the phone cannot answer a tap (total blocking time).
  startTransition(() =>
    root.render(
      <LibraryDashboard
        member={member}
        focusWelcome={options.focusWelcome}
        onLogout={async () => {
          await callApi('/api/library/logout', { method: 'POST' })
          clearMember(window.localStorage)
          window.location.assign('/')
        }}
        onSessionEnded={options.onSessionEnded}
        start={options.start}
      />,
    ),
  )
  return () => root.unmount()
}
