import { Link } from 'react-router'
import { Card } from '../../../components/ui/Card.tsx'

const actions = [
  { to: '/anasayfa-duzenle', label: 'Anasayfayı Düzenle' },
  { to: '/blog-duzenle?yeni=1', label: 'Yeni Blog Yazısı' },
  { to: '/anasayfa-duzenle#hizmetler', label: 'Yeni Hizmet' },
  { to: '/medya', label: 'Medya Yönetimi' },
]

/** Shortcuts to the screens where each action happens. */
export function QuickActions() {
  return (
    <Card title="Hızlı İşlemler">
      <div className="quick-actions">
        {actions.map((a) => (
          <Link key={a.to} to={a.to} className="btn btn--secondary btn--md">
            {a.label}
          </Link>
        ))}
      </div>
    </Card>
  )
}
