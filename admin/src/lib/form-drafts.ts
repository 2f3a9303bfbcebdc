// Drafts of admin forms (issue 30): the storage and words shared with the members' library (schema/form-drafts.ts).
export { draftKey, readDraft, removeDraft, sameValues, writeDraft, type FormDraft } from '#schema/form-drafts.ts'
