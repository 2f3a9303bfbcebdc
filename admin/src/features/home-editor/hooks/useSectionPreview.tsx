import { useRef } from 'react'
import type { HomeSection } from '#schema/home.ts'
import { PreviewPanel } from '../../../components/PreviewPanel.tsx'
import type { Feedback } from './feedback.ts'

/**
 * 'Önizle' for one home section (issue 21, decision 066): the fields typed but not yet saved (they save on
 * leaving the field) are kept here as a patch, and the preview renders the home page with them. The button keeps
 * the focus in the field, so pressing it does not save the change first.
 */
export function useSectionPreview(section: HomeSection, feedback: Feedback) {
  const drafts = useRef<Record<string, unknown>>({})
  const draft = (patch: Record<string, unknown>) => {
    drafts.current = { ...drafts.current, ...patch }
  }
  const panel = (
    <PreviewPanel
      collection="home"
      id={section}
      shareable
      keepFocus
      build={() => ({ section, ...drafts.current })}
      onError={feedback.fail}
    />
  )
  return { draft, panel }
}
