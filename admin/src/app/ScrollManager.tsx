import { useEffect } from 'react'
import { useLocation } from 'react-router'

/**
 * On every route change: scroll to the top, or to the #hash target once the lazily loaded page has rendered it
 * (e.g. the dashboard's 'Yeni Hizmet' → /admin/anasayfa-duzenle#hizmetler).
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation()
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0)
      return
    }
    const id = decodeURIComponent(hash.slice(1))
    let frame = 0
    const deadline = Date.now() + 5000
    const seek = () => {
      const target = document.getElementById(id)
      if (target) target.scrollIntoView({ block: 'start' })
      else if (Date.now() < deadline) frame = requestAnimationFrame(seek)
    }
    frame = requestAnimationFrame(seek)
    return () => cancelAnimationFrame(frame)
  }, [pathname, hash])
  return null
}
