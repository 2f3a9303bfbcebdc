import { Hono } from 'hono'
import { auditQuerySchema } from '#schema/audit.ts'
import type { AppEnv } from '../app-env.ts'
import { requireRole } from '../middleware/session.ts'
import { validate } from '../middleware/validate.ts'

/** How many actions the dashboard's 'Son işlemler' list shows. */
const RECENT = 10

/** The audit log (mounted at /api/admin/audit): the dashboard's recent list, the superadmins' filterable page. */
export const auditRoutes = new Hono<AppEnv>()
  .get('/recent', (c) => {
    const { data } = c.var.deps.data.audit.list({ page: 1, pageSize: RECENT })
    // The request behind an entry (method, path) is for superadmins only, behind 'Ayrıntılar' (issue 23).
    const detailed = c.get('user')?.role === 'superadmin'
    return c.json({
      success: true,
      data: data.map(({ address: _address, method, path, ...entry }) =>
        detailed ? { ...entry, method, path } : entry,
      ),
    })
  })
  .get('/', requireRole('superadmin'), validate('query', auditQuerySchema), (c) => {
    const page = c.var.deps.data.audit.list(c.req.valid('query'))
    return c.json({ success: true, ...page, users: c.var.deps.data.audit.users() })
  })
