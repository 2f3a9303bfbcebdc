import { z } from 'zod'
import { email, requiredText } from './common.ts'

/** Public contact form: all five fields required, e-mail of e-mail type. */
export const contactMessageInputSchema = z.object({
  name: requiredText().pipe(z.string().max(120)),
  email: email(),
  phone: requiredText()
    .pipe(z.string().max(40))
    .refine((v) => /^[+0-9 ()-]{7,}$/.test(v), { error: 'Geçerli bir telefon numarası giriniz.' }),
  subject: requiredText().pipe(z.string().max(200)),
  message: requiredText().pipe(z.string().max(5000)),
})

/** A stored message; readAt is set when it is marked read (archived). */
export type ContactMessage = z.infer<typeof contactMessageInputSchema> & {
  id: string
  createdAt: string
  readAt: string | null
}

/**
 * Name of the contact form's honeypot field: hidden from people (and screen readers), filled by naive bots.
 * A message with it filled is answered like any other and never stored.
 */
export const CONTACT_HONEYPOT = 'website'
