import { useEffect, useState } from 'react'
import type { PublicMember } from '#schema/library-member.ts'
import { msg } from '#schema/messages.ts'
import { clearMember, readMember, saveMember } from '../lib/library-session.ts'
import { callApi } from '../lib/island-api.ts'
import { LibraryDashboard } from './LibraryDashboard.tsx'
import { LibraryLogin } from './LibraryLogin.tsx'
import './library.css'

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
    <LibraryDashboard
      member={member}
      focusWelcome={justLoggedIn}
      onLogout={async () => {
        await callApi('/api/library/logout', { method: 'POST' })
        clearMember(window.localStorage)
        window.location.assign('/')
      }}
    />
  )
}
