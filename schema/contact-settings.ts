import { z } from 'zod'
import { msg } from './messages.ts'
import { mediaRef, optionalLine, optionalText, urlOrEmpty } from './common.ts'

/** Social profile links shown in the footer and on the contact page. */
export const socialLinksSchema = z.object({
  linkedin: urlOrEmpty(),
  instagram: urlOrEmpty(),
  facebook: urlOrEmpty(),
  twitter: urlOrEmpty(),
  youtube: urlOrEmpty(),
})

/** Fields an admin edits on /admin/iletisim-ayarlari (the logo comes as a file). */
export const contactSettingsInputSchema = z.object({
  /** Page title / brand name. */
  title: optionalLine(200),
  /** Contact e-mail ('' allowed). */
  email: z
    .string()
    .trim()
    .optional()
    .default('')
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: msg.invalidEmail }),
  /** Phone as typed, e.g. +90 212 000 00 00. */
  phone: z
    .string()
    .trim()
    .max(40)
    .optional()
    .default('')
    .refine((v) => v === '' || /^[+0-9 ()-]{7,}$/.test(v), {
      error: 'Geçerli bir telefon numarası giriniz.',
    }),
  /** Postal address, several lines allowed. */
  address: optionalText(1000),
  /** WhatsApp number with country code; non-digits are stripped when building the chat link. */
  whatsapp: optionalLine(40),
  /** Map embed URL (iframe src). */
  mapUrl: urlOrEmpty(),
  /** Short about text for the footer. */
  aboutText: optionalText(2000),
  /**
   * KVKK 'Aydınlatma Metni' (issue 32): what the company does with what the contact form and the library keep;
   * shown under the contact form. Paragraphs separated by empty lines.
   */
  privacyNotice: optionalText(20000),
  socialLinks: socialLinksSchema.optional().default({
    linkedin: '',
    instagram: '',
    facebook: '',
    twitter: '',
    youtube: '',
  }),
})

/** Contact settings as stored in content/contact-settings.json. */
export const contactSettingsSchema = contactSettingsInputSchema.extend({
  /** Logo URL; also the favicon and touch icon. */
  logo: mediaRef.optional().default(''),
})

export type ContactSettings = z.infer<typeof contactSettingsSchema>

/** WhatsApp chat link: every character that is neither a digit nor '+' is removed. */
export function whatsappLink(whatsapp: string): string {
  return `https://wa.me/${whatsapp.replace(/[^0-9+]/g, '')}`
}
