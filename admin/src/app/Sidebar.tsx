import { useState } from 'react'
import { NavLink } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { roleLabels } from '#schema/user.ts'
import { api } from '../lib/api-client.ts'
import { clearAdminUser, type AdminUser } from '../lib/auth.ts'
import { useUnreadMessages } from '../features/messages/api/get-messages.ts'
import { navGroups, showsFor } from './nav-items.ts'

type SidebarProps = {
  user: AdminUser
  id: string
  open: boolean
  onNavigate: () => void
  onClose: () => void
}

/** Links to every screen, the current user with role label, a link to the site and logout. */
export function Sidebar({ user, id, open, onNavigate, onClose }: SidebarProps) {
  const queryClient = useQueryClient()
  const [leaving, setLeaving] = useState(false)
  // The unread count beside 'Okunmamış Mesajlar' (one row asked for; marking a message read refreshes it).
  const unread = useUnreadMessages({ page: 1, q: '', pageSize: 1 }).data?.total ?? 0

  async function logout() {
    setLeaving(true)
    // Whatever the server says, this browser forgets the user.
    await api.post('/api/admin/logout').catch(() => {})
    queryClient.clear()
    clearAdminUser()
  }

  return (
    <aside id={id} className={`sidebar${open ? ' sidebar--open' : ''}`} aria-label="Yönetim menüsü">
      <div className="sidebar__brand">
        Yönetim Paneli
        <button type="button" className="sidebar__close" onClick={onClose} aria-label="Menüyü kapat">
          ×
        </button>
      </div>
      <nav className="sidebar__nav">
        {navGroups.map((group) => {
          const items = group.items.filter((item) => showsFor(item, user.role))
          return items.length === 0 ? null : (
            <div key={group.title} className="sidebar__group">
              <p className="sidebar__group-title">{group.title}</p>
              <ul>
                {items.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end
                      onClick={onNavigate}
                      className={({ isActive }) => `sidebar__link${isActive ? ' sidebar__link--active' : ''}`}
                    >
                      {item.label}
                      {item.counts === 'unread' && unread > 0 && (
                        <span className="nav-badge" aria-label={`${unread.toLocaleString('tr-TR')} okunmamış`}>
                          {unread > 99 ? '99+' : unread.toLocaleString('tr-TR')}
                        </span>
                      )}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          )
        })}
      </nav>
      <div className="sidebar__footer">
        <div className="sidebar__user">
          <span className="sidebar__user-name">{user.name}</span>
          <span className={`role-pill role-pill--${user.role}`}>{roleLabels[user.role] ?? user.role}</span>
        </div>
        <a className="sidebar__link" href="/">
          Siteye dön
        </a>
        <button
          type="button"
          className="btn btn--secondary btn--sm sidebar__logout"
          onClick={logout}
          disabled={leaving}
        >
          {leaving ? 'Çıkış yapılıyor...' : 'Çıkış Yap'}
        </button>
      </div>
    </aside>
  )
}
