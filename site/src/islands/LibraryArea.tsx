import { lazy, Suspense, useEffect, useState } from 'react'
import type { PublicMember } from '#schema/library-member.ts'
import { msg } from '#schema/messages.ts'
import { clearMember, readMember, saveMember } from '../lib/library-session.ts'
import { callApi } from '../lib/island-api.ts'
import { LibraryLogin } from './LibraryLogin.tsx'
import './library.css'

// Loaded only for a logged-in member: a visitor's login page stays small (Lighthouse, issue 31).
const LibraryDashboard = lazy(() =>
  import('./LibraryDashboard.tsx').then((m) => ({ default: m.LibraryDashboard })),
)

/** The library area: login form without a stored member, otherwise the member dashboard (spec section 4). */
export function LibraryArea() {
  // 'checking' until localStorage has been read: the static HTML cannot know who is logged in.
  const [member, setMember] = useState<PublicMember | null | 'checking'>('checking')
  const [justLoggedIn, setJustLoggedIn] = useState(false)
  useEffect(() => setMember(readMember(window.localStorage)), [])

  if (member === 'checking') {
    return (
      <p className="library__loading" role="status">
        {msg.loading}
      </p>
    )
  }
  if (member === null) {
    return (
      <LibraryLogin
        onLogin={(m) => {
          saveMember(window.localStorage, m)
          setJustLoggedIn(true)
          setMember(m)
        }}
      />
    )
  }
  return (
    <Suspense
      fallback={
        <p className="library__loading" role="status">
          {msg.loading}
        </p>
      }
    >
      <LibraryDashboard
        member={member}
        focusWelcome={justLoggedIn}
        onLogout={async () => {
          await callApi('/api/library/logout', { method: 'POST' })
          clearMember(window.localStorage)
          window.location.assign('/')
        }}
        onSessionEnded={() => {
          clearMember(window.localStorage)
          setJustLoggedIn(false)
          setMember(null)
        }}
      />
    </Suspense>
  )
}
