import { useEffect } from 'react'
import { useBlocker } from 'react-router'
import { confirmAction } from '../lib/confirm.ts'
import { hasUnsavedChanges, LEAVE_OPTIONS, LEAVE_QUESTION } from '../lib/unsaved-changes.ts'

/**
 * Asks in the admin's own dialog before a navigation leaves a form with unsaved changes (menu links, links in
 * the page, the browser's back and forward), and lets the browser warn when the tab is closed or reloaded with
 * such changes (browsers show their own text there; a page may only ask for it). Mounted once in the app shell.
 */
export function LeaveGuard() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  )
  useEffect(() => {
    if (blocker.state !== 'blocked') return
    let live = true
    void confirmAction(LEAVE_QUESTION, LEAVE_OPTIONS).then((yes) => {
      if (!live) return
      if (yes) blocker.proceed()
      else blocker.reset()
    })
    return () => {
      live = false
    }
  }, [blocker])

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return
      event.preventDefault()
      event.returnValue = '' // older browsers need it set to show the warning
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [])
  return null
}
