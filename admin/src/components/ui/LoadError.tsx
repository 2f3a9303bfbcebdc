import { ApiError } from '../../lib/api-client.ts'

export type LoadErrorProps = {
  /** What failed to load, from the spec ('Mesajlar yüklenirken hata oluştu!'...). */
  fallback: string
  /** The error of the failed query: its server message, when there is one, is shown too. */
  error: unknown
}

/**
 * A red notice for a list or page that could not be loaded. The spec shows the server's message when it sends
 * one and the fallback otherwise; the fallback stays as the first line so the failure is named either way.
 */
export function LoadError({ fallback, error }: LoadErrorProps) {
  const server = error instanceof ApiError ? error.serverMessage : null
  return (
    <div className="notice notice--error" role="alert">
      <p className="notice__line">{fallback}</p>
      {server && server !== fallback && <p className="notice__line">{server}</p>}
    </div>
  )
}
