import { z } from 'zod'
import { msg } from './messages.ts'
import { id, isHttpUrl, optionalLine, optionalText, urlOrEmpty } from './common.ts'
import { MAX_IMAGE_BYTES } from './media.ts'

/** The five reference categories: value and Turkish label. */
export const categories = {
  dia: 'DİA',
  rota: 'Rota Bulut ERP',
  edonusum: 'E-Dönüşüm',
  webqr: 'Web & QR',
  akinsoft: 'Akınsoft',
} as const
export type Category = keyof typeof categories
export const categoryKeys = Object.keys(categories) as [Category, ...Category[]]

export const MAX_SECTORS = 5
export const MAX_SLIDER_IMAGES = 10

/** Splits the comma-separated sector text, ignoring empty entries. */
export function splitSectors(sector: string): string[] {
  return sector
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
}

/** An image given as a data URL (stored by the server as a file), an http URL or one of our paths. */
export const imageInput = z
  .string()
  .trim()
  // A data URL of a 25 MB image is 4/3 of it as text, plus its prefix.
  .max(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 100, { error: msg.imageTooLarge })
  .refine(
    (v) =>
      v === '' ||
      /^data:image\/(jpeg|png|gif|webp);base64,[A-Za-z0-9+/=\s]+$/.test(v) ||
      isHttpUrl(v) ||
      (/^\/(uploads|demo)\/[A-Za-z0-9._\/-]+$/.test(v) && !v.includes('..')),
    { error: msg.imageOnly },
  )

export const referenceSocialsSchema = z.object({
  instagram: urlOrEmpty(),
  twitter: urlOrEmpty(),
  facebook: urlOrEmpty(),
  linkedin: urlOrEmpty(),
  website: urlOrEmpty(),
})

/** Body of POST/PUT reference card. */
export const referenceCardInputSchema = z.object({
  image: imageInput.optional().default(''),
  title: optionalLine(200),
  description: optionalText(2000),
  category: z.enum(categoryKeys, { error: msg.categoryRequired }),
  /** Comma-separated sectors, at most 5 non-empty entries; stored normalised as "a, b". */
  sector: z
    .string()
    .optional()
    .default('')
    .refine((v) => splitSectors(v).length <= MAX_SECTORS, { error: msg.sectorMax })
    .transform((v) => splitSectors(v).join(', ')),
  socials: referenceSocialsSchema.optional().default({ instagram: '', twitter: '', facebook: '', linkedin: '', website: '' }),
})
export const referenceCardSchema = referenceCardInputSchema.extend({ id })

/** content/references.json */
export const referencesSchema = z.object({
  cards: z.array(referenceCardSchema).default([]),
  sliderImages: z.array(z.string()).max(MAX_SLIDER_IMAGES).default([]),
})

export const sliderInputSchema = z.object({
  image: z
    .string({ error: msg.sliderImageRequired })
    .trim()
    .min(1, { error: msg.sliderImageRequired })
    .pipe(imageInput),
})
export const reorderSchema = z.object({ orderedIds: z.array(id).max(1000) })

export type ReferenceCard = z.infer<typeof referenceCardSchema>
export type References = z.infer<typeof referencesSchema>
