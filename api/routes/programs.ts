import { Hono } from 'hono'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { fail } from '../lib/errors.ts'
import { openProgramFile } from '../media/program-download.ts'
import { publicPrograms } from '../forms/program-input.ts'
import { visitFacts } from '../stats/visit.ts'

/** Public programs (mounted at /api/programs): the list and the counted, streamed download. */
export const programsRoutes = new Hono<AppEnv>()
  .get('/', (c) => c.json({ success: true, data: publicPrograms(c.var.deps) }))
  .get('/:id/download', async (c) => {
    const { content, data, files } = c.var.deps
    const id = c.req.param('id')
    const program = content.read('programs').find((p) => p.id === id)
    const file = program ? await openProgramFile(files, program) : null
    if (!file) fail(404, msg.notFound)
    // HEAD (link checkers, download managers asking first) gets the headers and is not a download.
    if (c.req.method === 'HEAD') {
      await file.close()
      return c.body(null, 200, file.headers)
    }
    const visit = visitFacts({ userAgent: c.req.header('user-agent') })
    data.counters.countDownload(id, visit)
    return c.body(file.body(), 200, file.headers)
  })
