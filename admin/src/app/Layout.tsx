import { useEffect, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import type { AdminUser } from '../lib/auth.ts'
import { Sidebar } from './Sidebar.tsx'

/** Sidebar plus content; on a phone the sidebar slides in from a menu button in the top bar. */
export function Layout({ user, children }: { user: AdminUser; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false)
  const { pathname } = useLocation()

  useEffect(() => setMenuOpen(false), [pathname])
  useEffect(() => {
    if (!menuOpen) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false)
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [menuOpen])

  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        İçeriğe geç
      </a>
      <header className="topbar">
        <button
          type="button"
          className="topbar__menu"
          aria-expanded={menuOpen}
          aria-controls="admin-sidebar"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span aria-hidden="true">☰</span> Menü
        </button>
        <span className="topbar__title">Yönetim Paneli</span>
      </header>
      <Sidebar user={user} id="admin-sidebar" open={menuOpen} onNavigate={() => setMenuOpen(false)} />
      {menuOpen && <div className="backdrop" onClick={() => setMenuOpen(false)} aria-hidden="true" />}
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  )
}
