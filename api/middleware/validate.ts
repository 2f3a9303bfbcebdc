import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { z } from 'zod'
import { parseOrFail } from '../forms/validation.ts'

/** zValidator that answers bad input with our Turkish error shape (400 + fields). */
export const validate = <T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) =>
  zValidator(target, schema, (result) => {
    if (!result.success) parseOrFail(schema, result.data)
  })
