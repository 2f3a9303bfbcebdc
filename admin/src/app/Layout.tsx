import { useEffect, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import type { AdminUser } from '../lib/auth.ts'
import { ScrollManager } from './ScrollManager.tsx'
import { Sidebar } from './Sidebar.tsx'

/** Sidebar plus content; on a phone the sidebar slides in from a menu button in the top bar. */
export function Layout({ user, children }: { user: AdminUser; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false)
  const { pathname } = useLocation()

  useEffect(() => setMenuOpen(false), [pathname])
  useEffect(() => {
    if (!menuOpen) return
    // The menu slides over the page: move focus into it, and back to the menu button on Escape.
    document.querySelector<HTMLElement>('#admin-sidebar a')?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      setMenuOpen(false)
      document.querySelector<HTMLElement>('.topbar__menu')?.focus()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [menuOpen])

  return (
    <div className="layout">
      <ScrollManager />
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
      <Sidebar
        user={user}
        id="admin-sidebar"
        open={menuOpen}
        onNavigate={() => setMenuOpen(false)}
        onClose={() => {
          setMenuOpen(false)
          document.querySelector<HTMLElement>('.topbar__menu')?.focus()
        }}
      />
      {menuOpen && <div className="backdrop" onClick={() => setMenuOpen(false)} aria-hidden="true" />}
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  )
}
