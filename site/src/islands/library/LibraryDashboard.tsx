import { useEffect, useRef, useState } from 'react'
import { memberRoleLabels, type PublicMember } from '#schema/member-roles.ts'
import type { ShelfStart } from '../../lib/library-api.ts'
import { initialOf } from '../../lib/library-view.ts'
import { LibraryShelf } from './LibraryShelf.tsx'

type Props = {
  member: PublicMember
  onLogout: () => Promise<void>
  /** The server said the session is over (401): back to the login. */
  onSessionEnded: () => void
  focusWelcome?: boolean
  /** The shelf's first answers, already on their way (the page's script asked before loading this code). */
  start?: ShelfStart
}

/** Welcome, role ('Kütüphane Yöneticisi' as a red pill for library_admin; issue 30), logout, then the library itself (issue 31). */
export function LibraryDashboard({ member, onLogout, onSessionEnded, focusWelcome = false, start }: Props) {
  const [leaving, setLeaving] = useState(false)
  const welcome = useRef<HTMLHeadingElement>(null)
  // Right after a login the form the focus was in is gone: move focus to the welcome, not to the page top.
  useEffect(() => {
    if (focusWelcome) welcome.current?.focus()
  }, [focusWelcome])
  const isAdmin = member.role === 'library_admin'

  return (
    <section className="library-dashboard" aria-labelledby="library-welcome">
      <div className="card library-dashboard__head">
        <div className="library-dashboard__who">
          <span className="library-dashboard__avatar" aria-hidden="true">
            {initialOf(member.name)}
          </span>
          <div>
            <h2 id="library-welcome" className="library-dashboard__welcome" ref={welcome} tabIndex={-1}>
              Hoş geldiniz, {member.name}!
            </h2>
            <p className="library-dashboard__email">{member.email}</p>
            <p className="library-dashboard__role">
              Rol:{' '}
              <span className={`role-pill ${isAdmin ? 'role-pill--admin' : 'role-pill--member'}`}>
                {isAdmin ? memberRoleLabels.library_admin : memberRoleLabels.member}
              </span>
            </p>
          </div>
        </div>
        <button
          type="button"
          className="btn btn--outline"
          disabled={leaving}
          onClick={() => {
            setLeaving(true)
            void onLogout()
          }}
        >
          {leaving ? 'Çıkış yapılıyor...' : 'Çıkış Yap'}
        </button>
      </div>
      <LibraryShelf
        isAdmin={isAdmin}
        memberId={member.id || member.email}
        onSessionEnded={onSessionEnded}
        start={start}
      />
    </section>
  )
}
