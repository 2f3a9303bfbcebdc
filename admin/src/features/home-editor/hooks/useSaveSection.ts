import { useCallback } from 'react'
import type { HomeSection } from '#schema/home.ts'
import { msg } from '#schema/messages.ts'
import { errorText } from '../../../lib/api-client.ts'
import { useUpdateHomeSection } from '../api/update-home-section.ts'
import type { Feedback } from './feedback.ts'

/** save(patch, base?) for one home section (base: a restored draft's version): PUT the changed fields, then 'Değişiklikler kaydedildi!' or the error. */
export function useSaveSection(section: HomeSection, feedback: Feedback) {
  const { mutateAsync } = useUpdateHomeSection()
  return useCallback(
    async (patch: Record<string, unknown>, base?: string) => {
      try {
        await mutateAsync({ section, patch, base })
        feedback.ok(msg.homeSaved)
        return true
      } catch (error) {
        feedback.fail(errorText(error, msg.homeSaveError))
        return false
      }
    },
    [section, feedback, mutateAsync],
  )
}
