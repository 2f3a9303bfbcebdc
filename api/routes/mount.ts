import type { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { adminAuthRoutes } from './admin-auth.ts'
import { aboutRoutes } from './about.ts'
import { auditRoutes } from './audit.ts'
import { adminContactRoutes, contactRoutes } from './contact-messages.ts'
import { adminContactSettingsRoutes, contactSettingsRoutes } from './contact-settings.ts'
import { contentHistoryRoutes } from './content-history.ts'
import { dashboardRoutes } from './dashboard.ts'
import { siteStatsRoutes } from './site-stats.ts'
import { personalDataRoutes } from './personal-data.ts'
import { libraryMemberRoutes } from './library-members.ts'
import { libraryRoutes } from './library.ts'
import { libraryContentRoutes } from './library-content.ts'
import { libraryStatsRoutes } from './library-stats.ts'
import { adminMaintenanceRoutes, maintenanceRoutes } from './maintenance.ts'
import { uploadRoutes } from './upload.ts'
import { mediaRoutes } from './media.ts'
import { userRoutes } from './users.ts'
import { previewAdminRoutes } from './preview.ts'

import { blogSearchRoutes } from './blog-search.ts'
import { blogsAdminRoutes } from './blogs-admin.ts'
import { blogsRoutes } from './blogs.ts'
import { homeRoutes } from './home.ts'
import { programsAdminRoutes } from './programs-admin.ts'
import { gitConflictRoutes, gitWebhookRoutes } from './git-sync.ts'
import { programsRoutes } from './programs.ts'
import { referencesAdminRoutes } from './references-admin.ts'
import { referencesRoutes } from './references.ts'
import { socialProjectsAdminRoutes } from './social-projects-admin.ts'
import { socialProjectsRoutes } from './social-projects.ts'

/** Every resource's sub-app, on the paths of spec section 7. Admin paths are guarded in app.ts. */
export function mountRoutes(app: Hono<AppEnv>) {
  app.route('/api/git', gitWebhookRoutes)
  app.route('/api/admin/git', gitConflictRoutes)
  app.route('/api/admin', adminAuthRoutes)

  // Group 1: users, dashboard (stats, maintenance, build), library, members, contact, contact settings, upload, about
  app.route('/api/admin/users', userRoutes)
  app.route('/api/admin', dashboardRoutes)
  app.route('/api/admin', siteStatsRoutes)
  app.route('/api/admin/personal-data', personalDataRoutes)
  app.route('/api/maintenance', maintenanceRoutes)
  app.route('/api/admin/maintenance', adminMaintenanceRoutes)
  app.route('/api/library', libraryRoutes)
  app.route('/api/library', libraryContentRoutes)
  app.route('/api/admin/library-members', libraryMemberRoutes)
  app.route('/api/admin/library-stats', libraryStatsRoutes)
  app.route('/api/contact', contactRoutes)
  app.route('/api/admin/contact', adminContactRoutes)
  app.route('/api/contact-settings', contactSettingsRoutes)
  app.route('/api/admin/contact-settings', adminContactSettingsRoutes)
  app.route('/api/upload', uploadRoutes)
  app.route('/api/admin/media', mediaRoutes)
  app.route('/api/admin/hakkimizda', aboutRoutes)
  app.route('/api/admin/audit', auditRoutes)

  // Group 2: home (anasayfa), references, blogs, social projects, programs
  app.route('/api/admin/anasayfa', homeRoutes)
  app.route('/api/references', referencesRoutes)
  app.route('/api/admin/references', referencesAdminRoutes)
  app.route('/api/blogs', blogsRoutes)
  app.route('/api/blog-search', blogSearchRoutes)
  app.route('/api/admin/blogs', blogsAdminRoutes)
  app.route('/api/social-projects', socialProjectsRoutes)
  app.route('/api/admin/social-projects', socialProjectsAdminRoutes)
  app.route('/api/programs', programsRoutes)
  app.route('/api/admin/programs', programsAdminRoutes)

  // Content history (issue 11): versions of an item from git, restore
  app.route('/api/admin/history', contentHistoryRoutes)

  // Previews of unsaved edits and their shareable links (issue 21)
  app.route('/api/admin/preview', previewAdminRoutes)
}
