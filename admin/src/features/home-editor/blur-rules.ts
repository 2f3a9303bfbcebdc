import { fieldLabelOf } from '#schema/error-map.ts'
import { homeSectionPatchSchemas, type HomeSection } from '#schema/home.ts'

/**
 * The rule a home editor field is checked against when it loses focus (issue 30, point 3): the section's own
 * patch schema (limits, links), and for the titles a page shows in place of nothing, that it is not empty. A
 * field that fails is not saved: the message stays under it and the site keeps the last saved text.
 */
export type BlurRule = (value: string) => string | null

const KEPT = ' Değişiklik kaydedilmedi; sitede son kaydedilen metin duruyor.'

/** The rule of `field` of `section`; `wrap` places the value in the patch (a button's text sits in an object). */
export function blurRule(
  section: HomeSection,
  field: string,
  { label, required = false, wrap }: { label: string; required?: boolean; wrap?: (value: string) => unknown },
): BlurRule {
  return (value) => {
    if (required && value.trim() === '') return `${label} boş bırakılamaz.${KEPT}`
    const result = homeSectionPatchSchemas[section].safeParse({ [field]: wrap ? wrap(value) : value })
    if (result.success) return null
    const issue = result.error.issues[0]
    const message = issue?.message ?? 'Bu alan geçerli değil.'
    // The shared message names the schema's field ('Metin'); the editor's own label reads better here.
    const named = fieldLabelOf(issue?.path)
    return `${message.startsWith(named) ? label + message.slice(named.length) : message}${KEPT}`
  }
}
