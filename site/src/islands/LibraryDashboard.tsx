import { useEffect, useRef, useState } from 'react'
import type { PublicMember } from '#schema/library-member.ts'

type Props = { member: PublicMember; onLogout: () => Promise<void>; focusWelcome?: boolean }

/** Welcome, role ('Library Admin' as a red pill for library_admin), logout and the coming-soon placeholder. */
export function LibraryDashboard({ member, onLogout, focusWelcome = false }: Props) {
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
            {member.name.slice(0, 1).toLocaleUpperCase('tr')}
          </span>
          <div>
            <h2 id="library-welcome" className="library-dashboard__welcome" ref={welcome} tabIndex={-1}>
              Hoş geldiniz, {member.name}!
            </h2>
            <p className="library-dashboard__email">{member.email}</p>
            <p className="library-dashboard__role">
              Rol:{' '}
              <span className={`role-pill ${isAdmin ? 'role-pill--admin' : 'role-pill--member'}`}>
                {isAdmin ? 'Library Admin' : 'Üye'}
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
      <div className="library-dashboard__soon">
        <svg
          className="library-dashboard__icon"
          viewBox="0 0 24 24"
          width="56"
          height="56"
          aria-hidden="true"
          focusable="false"
        >
          <path
            d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20M4 19.5A2.5 2.5 0 0 0 6.5 22H20V2H6.5A2.5 2.5 0 0 0 4 4.5v15ZM8 7h8M8 11h6"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <p>Kütüphane içerikleri çok yakında burada olacak.</p>
      </div>
    </section>
  )
}
