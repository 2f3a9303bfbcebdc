import { readdirSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { VALIDATION_BAN_LIST, fieldLabelOf } from './error-map.ts'
import { blogInputSchema } from './blog.ts'
import { contactMessageInputSchema } from './contact-message.ts'
import { contactSettingsInputSchema } from './contact-settings.ts'

/**
 * Issue 30, point 2: every field of every shared schema, given a value too long, too short, of the wrong type or
 * empty, answers a Turkish sentence with no schema word ('string', '<=', 'beklenen', 'URL', …).
 */
// Every schema module of this folder (a new one is walked without editing this test).
const files = readdirSync(import.meta.dirname).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
const modules: Record<string, Record<string, unknown>> = {}
beforeAll(async () => {
  for (const file of files) modules[`./${file}`] = (await import(/* @vite-ignore */ `./${file}`)) as Record<string, unknown>
})

/** Every exported schema, named 'file.ts:export' (objects of schemas, like the home section patches, too). */
function exportedSchemas(): [string, z.ZodType][] {
  const found: [string, z.ZodType][] = []
  for (const [file, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (value instanceof z.ZodType) found.push([`${file}:${name}`, value])
      else if (value && typeof value === 'object' && !Array.isArray(value)) {
        for (const [key, inner] of Object.entries(value)) {
          if (inner instanceof z.ZodType) found.push([`${file}:${name}.${key}`, inner])
        }
      }
    }
  }
  return found
}

type Path = (string | number)[]

/** Every path into a schema down to its leaves: object keys, array elements as index 0, through wrappers. */
function fieldPaths(schema: z.ZodType, path: Path = [], seen = new Set<unknown>()): Path[] {
  if (seen.has(schema) || path.length > 6) return []
  seen.add(schema)
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def
  const inner = (key: string) => def[key] as z.ZodType | undefined
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>
      return [path, ...Object.entries(shape).flatMap(([key, field]) => fieldPaths(field, [...path, key], seen))]
    }
    case 'array':
      return [path, ...fieldPaths(inner('element')!, [...path, 0], seen)]
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fieldPaths(inner('innerType')!, path, seen)
    case 'pipe':
      return [...fieldPaths(inner('in')!, path, seen), ...fieldPaths(inner('out')!, path, seen)]
    default:
      return [path]
  }
}

/** {} with `value` placed at `path` (arrays built for numeric steps). */
function placed(path: Path, value: unknown): unknown {
  if (path.length === 0) return value
  const [head, ...rest] = path
  if (typeof head === 'number') return [placed(rest, value)]
  return { [head!]: placed(rest, value) }
}

const BAD_VALUES: [string, unknown][] = [
  ['too long', 'x'.repeat(120_000)],
  ['too long, with spaces', 'çok uzun '.repeat(20_000)],
  ['too short', 'a'],
  ['empty', ''],
  ['blank', '   '],
  ['wrong type: number', 12345],
  ['wrong type: negative fraction', -1.5],
  ['wrong type: object', { a: 1 }],
  ['wrong type: boolean', true],
  ['too many', Array.from({ length: 1000 }, () => 'x')],
  ['null', null],
  ['missing', undefined],
]

const banned = (message: string) =>
  VALIDATION_BAN_LIST.filter((word) => message.toLocaleLowerCase('tr-TR').includes(word.toLocaleLowerCase('tr-TR')))

describe('the Turkish error map', () => {
  let schemas: [string, z.ZodType][] = []
  beforeAll(() => {
    schemas = exportedSchemas()
  })

  it('finds the shared schemas', () => {
    const names = schemas.map(([name]) => name)
    expect(names).toContain('./contact-message.ts:contactMessageInputSchema')
    expect(names).toContain('./blog.ts:blogInputSchema')
    expect(names).toContain('./home.ts:homeSectionPatchSchemas.banner')
    expect(schemas.length).toBeGreaterThan(30)
  })

  it('answers every field of every schema, for every kind of bad value, without a schema word', () => {
    const problems: string[] = []
    let checked = 0
    for (const [name, schema] of schemas) {
      for (const path of fieldPaths(schema)) {
        for (const [kind, value] of BAD_VALUES) {
          let result: ReturnType<typeof schema.safeParse>
          try {
            result = schema.safeParse(placed(path, value))
          } catch {
            continue // a transform that expects a valid sibling; validation proper never throws
          }
          for (const issue of result.error?.issues ?? []) {
            checked++
            const where = `${name} ${path.join('.') || '(root)'} ${kind}`
            if (banned(issue.message).length) problems.push(`${where}: ${issue.message}`)
            if (!issue.message.trim() || /Invalid input/i.test(issue.message)) problems.push(`${where}: '${issue.message}'`)
          }
        }
      }
    }
    expect(problems).toEqual([])
    expect(checked).toBeGreaterThan(1000)
  }, 120_000) // a few seconds alone; far longer on a machine shared with other test runs

  it('names the field and the limit in words', () => {
    const contact = { name: 'Ayşe', email: 'a@ornek.com', phone: '+90 555 555 55 55', subject: 'Konu', message: 'x'.repeat(5001) }
    expect(contactMessageInputSchema.safeParse(contact).error?.issues[0]?.message).toBe(
      'Mesaj en fazla 5.000 karakter olabilir.',
    )
    expect(blogInputSchema.safeParse({ title: 'x'.repeat(301) }).error?.issues[0]?.message).toBe(
      'Başlık en fazla 300 karakter olabilir.',
    )
    const settings = contactSettingsInputSchema.safeParse({ phone: '1'.repeat(41), mapUrl: 'harita' })
    expect(settings.error?.issues.map((i) => i.message)).toEqual([
      'Telefon en fazla 40 karakter olabilir.',
      'Harita adresi geçerli bir bağlantı olmalıdır (https:// ile başlayan).',
    ])
    expect(contactSettingsInputSchema.safeParse({ title: 42 }).error?.issues[0]?.message).toBe(
      'Başlık bir metin olmalıdır.',
    )
  })

  it("labels a path by its last named step, or 'Bu alan'", () => {
    expect(fieldLabelOf(['contentStructure', 3, 'alt'])).toBe('Alternatif metin')
    expect(fieldLabelOf([])).toBe('Bu alan')
    expect(fieldLabelOf(['somethingUnknown'])).toBe('Bu alan')
  })
})
