import { useEffect, useState } from 'react'

/**
 * False in the static HTML and until the island has hydrated, then true. Controls that only work with JS are
 * disabled until then, so an early click or keystroke is never silently lost.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
