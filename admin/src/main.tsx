// Shared zod set-up first (Turkish messages, no eval under the CSP) before any schema parses.
import '#schema/common.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { ApiError } from './lib/api-client.ts'
import { App } from './app/App.tsx'
// Global styles, in cascade order (one file per concern).
import './styles/tokens-and-base.css'
import './styles/layout.css'
import './styles/cards-and-buttons.css'
import './styles/forms.css'
import './styles/feedback.css'
import './styles/tables-and-modal.css'
import './styles/screens.css'
import './styles/media.css'
import './styles/details.css'
import './styles/content-editing.css'
import './styles/history.css'

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Client errors (401, 403, 404) will not change by retrying; network blips might.
      retry: (count, error) =>
        count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
})

// A data router around the app's own <Routes>: only it lets a form ask before a navigation (useBlocker in
// LeaveGuard, issue 30); every path goes to App, which keeps its routes as before.
const router = createBrowserRouter([{ path: '*', element: <App /> }], { basename: '/admin' })

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
