import { Suspense, useEffect, type ReactNode } from 'react'
import { Route, Routes, useLocation } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { msg } from '#schema/messages.ts'
import type { PublicUser } from '#schema/user.ts'
import { api, setUnauthorizedHandler } from '../lib/api-client.ts'
import { clearAdminUser, setAdminUser } from '../lib/auth.ts'
import { useAdminUser } from '../hooks/useAdminUser.ts'
import { ConfirmDialog } from '../components/ConfirmDialog.tsx'
import { LeaveGuard } from '../components/LeaveGuard.tsx'
import { ErrorBoundary } from '../components/ErrorBoundary.tsx'
import { Spinner } from '../components/ui/Spinner.tsx'
import { adminRoutes } from './routes.tsx'
import { Layout } from './Layout.tsx'
import { LoginPage } from './LoginPage.tsx'
import { NewPasswordPage } from './NewPasswordPage.tsx'
import { NotFoundPage } from './NotFoundPage.tsx'
import { useSiteFavicon } from './useSiteFavicon.ts'

/** The guard: the panel when adminUser is stored, otherwise the login screen. */
export function App() {
  const user = useAdminUser()
  const queryClient = useQueryClient()
  useSiteFavicon()

  useEffect(() => {
    setUnauthorizedHandler(() => {
      clearAdminUser()
      queryClient.clear()
    })
  }, [queryClient])

  // A stored user may outlive its cookie: check the session once, and refresh the stored name and role.
  const loggedIn = user !== null
  useEffect(() => {
    if (!loggedIn) return
    api
      .get<{ data: { user: PublicUser } }>('/api/admin/me')
      .then((res) => setAdminUser(res.data.user))
      .catch(() => {}) // 401 is handled by the unauthorized handler; offline keeps the panel
  }, [loggedIn])

  if (!user) return <LoginPage />
  // A one-time password (admin:reset-password): a new one first, nothing else (the server refuses the rest).
  if (user.mustChangePassword) return <NewPasswordPage user={user} />
  return (
    <Layout user={user}>
      <Routes>
        {adminRoutes.map(({ path, Page }) => (
          <Route
            key={path}
            path={path === '' ? undefined : path}
            index={path === ''}
            element={
              <PageRegion>
                <Page />
              </PageRegion>
            }
          />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
      {/* The one dialog of confirmAction (lib/confirm.ts): every delete asks here. */}
      <ConfirmDialog />
      {/* Unsaved form changes: asked before leaving, warned on closing the tab (issue 30). */}
      <LeaveGuard />
    </Layout>
  )
}

function PageRegion({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Spinner label={msg.loading} />}>{children}</Suspense>
    </ErrorBoundary>
  )
}
