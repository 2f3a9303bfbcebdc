import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import {
  contactSettingsKey,
  fetchContactSettings,
} from '../features/contact-settings/api/get-contact-settings.ts'

/**
 * The favicon and touch icon are the logo from the contact settings (spec section 1), on the panel as on the
 * site. The query is the contact settings screen's, so a saved new logo shows at once.
 */
export function useSiteFavicon() {
  const { data } = useQuery({ queryKey: contactSettingsKey, queryFn: fetchContactSettings })
  const logo = data?.logo ?? ''
  useEffect(() => {
    if (!logo) return
    for (const rel of ['icon', 'apple-touch-icon']) {
      let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`)
      if (!link) {
        link = document.createElement('link')
        link.rel = rel
        document.head.append(link)
      }
      link.href = logo
    }
  }, [logo])
}
