/**
 * One sidebar link (path relative to /admin); `superadminOnly` hides it from other roles; `counts` names the number
 * shown beside it ('unread': unread messages).
 */
export type NavItem = {
  readonly to: string
  readonly label: string
  readonly superadminOnly?: boolean
  readonly counts?: 'unread'
}

/** Sidebar links: every admin screen, grouped, with Turkish labels (paths relative to /admin). */
export const navGroups: readonly { title: string; items: readonly NavItem[] }[] = [
  {
    title: 'Genel',
    items: [
      { to: '/', label: 'Gösterge Paneli' },
      { to: '/istatistikler', label: 'İstatistikler' },
      { to: '/profil', label: 'Profil ve Kullanıcılar' },
    ],
  },
  {
    title: 'İçerik',
    items: [
      { to: '/anasayfa-duzenle', label: 'Anasayfa Düzenle' },
      { to: '/hakkimizda-duzenle', label: 'Biz Kimiz Düzenle' },
      { to: '/referanslarimiz-duzenle', label: 'Referanslar' },
      { to: '/blog-duzenle', label: 'Blog Yönetimi' },
      { to: '/sosyal-sorumluluk-projeleri', label: 'Sosyal Sorumluluk Projeleri' },
      { to: '/programlar-duzenle', label: 'Programlar' },
      { to: '/medya', label: 'Medya Yönetimi' },
    ],
  },
  {
    title: 'İletişim',
    items: [
      { to: '/iletisim-ayarlari', label: 'İletişim Ayarları' },
      { to: '/iletisim-mesajlari', label: 'Okunmamış Mesajlar', counts: 'unread' },
      { to: '/iletisim-arsiv', label: 'Mesaj Arşivi' },
    ],
  },
  {
    title: 'Kütüphane',
    items: [{ to: '/kutuphane-uyeleri', label: 'Kütüphane Üyeleri' }],
  },
  {
    title: 'Denetim',
    items: [
      { to: '/islem-gecmisi', label: 'İşlem Geçmişi', superadminOnly: true },
      { to: '/kisisel-veri-silme', label: 'Kişisel veri silme', superadminOnly: true },
    ],
  },
]

/** Whether a sidebar item is shown to this role (the server enforces the same rule). */
export const showsFor = (item: NavItem, role: string) => !item.superadminOnly || role === 'superadmin'
