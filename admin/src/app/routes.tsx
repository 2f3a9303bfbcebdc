import { lazy } from 'react'

/**
 * Every admin screen of the spec, by path under /admin. Each feature owns its page component; this list is the
 * contract between them (shell: features/shell, dashboard, profile, ...).
 */
export const adminRoutes = [
  { path: '', Page: lazy(() => import('../features/dashboard/DashboardPage.tsx')) },
  { path: 'istatistikler', Page: lazy(() => import('../features/statistics/StatisticsPage.tsx')) },
  { path: 'profil', Page: lazy(() => import('../features/profile/ProfilePage.tsx')) },
  { path: 'anasayfa-duzenle', Page: lazy(() => import('../features/home-editor/HomeEditorPage.tsx')) },
  { path: 'hakkimizda-duzenle', Page: lazy(() => import('../features/about-editor/AboutEditorPage.tsx')) },
  { path: 'referanslarimiz-duzenle', Page: lazy(() => import('../features/references/ReferencesPage.tsx')) },
  { path: 'blog-duzenle', Page: lazy(() => import('../features/blog/BlogPage.tsx')) },
  { path: 'sosyal-sorumluluk-projeleri', Page: lazy(() => import('../features/social-projects/SocialProjectsPage.tsx')) },
  { path: 'medya', Page: lazy(() => import('../features/media/MediaPage.tsx')) },
  { path: 'programlar-duzenle', Page: lazy(() => import('../features/programs/ProgramsPage.tsx')) },
  { path: 'iletisim-ayarlari', Page: lazy(() => import('../features/contact-settings/ContactSettingsPage.tsx')) },
  { path: 'iletisim-mesajlari', Page: lazy(() => import('../features/messages/UnreadMessagesPage.tsx')) },
  { path: 'iletisim-arsiv', Page: lazy(() => import('../features/messages/ArchivePage.tsx')) },
  { path: 'kutuphane-uyeleri', Page: lazy(() => import('../features/library-members/LibraryMembersPage.tsx')) },
  { path: 'kisisel-veri-silme', Page: lazy(() => import('../features/personal-data/PersonalDataPage.tsx')) },
  { path: 'islem-gecmisi', Page: lazy(() => import('../features/audit/AuditPage.tsx')) },
] as const
