import { z } from 'zod'
import { msg } from './messages.ts'
import { id, line, text } from './common.ts'

export const MAX_PROGRAM_BYTES = 52428800
export const DEFAULT_VERSION = '1.0.0'
/** A program logo's display box on /programlar (px): its <picture> is sized for it. */
export const PROGRAM_LOGO_SIZE = { width: 64, height: 64 } as const

/** Text fields of the admin program form (multipart with optional logo and file). */
export const programInputSchema = z.object({
  name: line(msg.programRequired).trim().min(1, { error: msg.programRequired }).max(200),
  description: text(msg.programRequired)
    .trim()
    .min(1, { error: msg.programRequired })
    .max(5000),
  version: line()
    .trim()
    .max(40)
    .optional()
    .transform((v) => v || DEFAULT_VERSION),
})

/** A stored program (content/programs.json); downloads come from the counters. */
export const programSchema = z.object({
  id,
  name: line(),
  description: text(),
  version: line().default(DEFAULT_VERSION),
  logoPath: z.string().default(''),
  /** Server-side key of the file ('' when none): 'demo/…' under public/, otherwise under DATA_DIR/files. */
  filePath: z.string().default(''),
  fileName: line().default(''),
  fileSize: z.number().int().min(0).default(0),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Program = z.infer<typeof programSchema>
