import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { mediaRef } from '#schema/common.ts'
import { contactSettingsInputSchema } from '#schema/contact-settings.ts'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { mediaFormLimit } from '../forms/body-limit.ts'
import { fail } from '../lib/errors.ts'
import { isFormRequest, readFormParts } from '../forms/form-body.ts'
import { storeMediaFile } from '../media/store-media.ts'
import { removeUnusedUploads } from '../media/upload-usage.ts'
import { parseJsonField, parseOrFail } from '../forms/validation.ts'

const logoSchema = z.object({ logo: mediaRef })
const socialLinksOf = (value: unknown) =>
  typeof value === 'string' ? parseJsonField(value, undefined, msg.invalidBody) : value

/** The fields spec section 7 says a save sends: a missing one is refused, never stored as empty. */
const SAVED_FIELDS = ['title', 'email', 'phone', 'address', 'whatsapp', 'mapUrl', 'aboutText', 'socialLinks']

/** Fails with 400 and 'Bu alan zorunludur.' on each field the body leaves out ('' is a value: it clears one). */
function requireSavedFields(fields: Record<string, unknown>): void {
  const missing = SAVED_FIELDS.filter((key) => fields[key] === undefined)
  if (missing.length) fail(400, msg.required, Object.fromEntries(missing.map((key) => [key, msg.required])))
}

type SettingsBody = { fields: Record<string, unknown>; logoFile?: File }

/** The admin form sends multipart (socialLinks as JSON text, optional logoFile); plain JSON is accepted too. */
async function readSettingsBody(c: Context): Promise<SettingsBody> {
  if (!isFormRequest(c)) {
    const json = await c.req.json().catch(() => fail(400, msg.invalidBody))
    if (typeof json !== 'object' || json === null || Array.isArray(json)) fail(400, msg.invalidBody)
    return { fields: { ...json, socialLinks: socialLinksOf(json.socialLinks) } }
  }
  const { fields, files } = await readFormParts(c, ['logoFile'])
  return { fields: { ...fields, socialLinks: socialLinksOf(fields.socialLinks) }, logoFile: files.logoFile }
}

/** Public read (mounted at /api/contact-settings): the footer, contact page, favicon and maintenance page use it. */
export const contactSettingsRoutes = new Hono<AppEnv>().get('/', (c) =>
  c.json({ success: true, data: c.var.deps.content.read('contact-settings') }),
)

/** Admin save (mounted at /api/admin/contact-settings): every field; a new logo file replaces the old upload. */
export const adminContactSettingsRoutes = new Hono<AppEnv>().put('/', mediaFormLimit('image'), async (c) => {
  const { content, files } = c.var.deps
  const body = await readSettingsBody(c)
  requireSavedFields(body.fields)
  const input = parseOrFail(contactSettingsInputSchema, body.fields)
  // A `logo` text field may clear or keep the logo; without it the current logo stays.
  const logoText = body.fields.logo === undefined ? undefined : parseOrFail(logoSchema, body.fields).logo
  const uploaded = body.logoFile ? await storeMediaFile(c.var.deps, body.logoFile, 'image', 'logoFile') : undefined
  const { previous, saved } = await content.update('contact-settings', (settings) => {
    const previous = settings.logo
    // The 'Aydınlatma Metni' (issue 32) is not among the spec's fields: a save without it keeps the stored text.
    const privacyNotice = body.fields.privacyNotice === undefined ? (settings.privacyNotice ?? '') : input.privacyNotice
    Object.assign(settings, input, { logo: uploaded ?? logoText ?? previous, privacyNotice })
    return { previous, saved: settings }
  })
  // The old logo goes unless other content still shows it.
  if (previous !== saved.logo) await removeUnusedUploads(content, files, [previous])
  return c.json({ success: true, message: msg.contactSettingsSaved, data: saved })
})
