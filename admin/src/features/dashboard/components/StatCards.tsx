import { useStats, type Stats } from '../api/get-stats.ts'

const cards: { key: keyof Stats; label: string }[] = [
  { key: 'totalPages', label: 'Toplam Sayfa' },
  { key: 'totalBlogs', label: 'Blog Yazıları' },
  { key: 'totalServices', label: 'Hizmetler' },
  { key: 'totalViews', label: 'Toplam Görüntülenme' },
]

/** The four statistics; a failed load shows zeros (spec section 8). */
export function StatCards() {
  const { data } = useStats()
  return (
    <section className="grid grid--4" aria-label="İstatistikler">
      {cards.map((c) => (
        <div key={c.key} className="card stat-card">
          <p className="stat-card__label">{c.label}</p>
          <p className="stat-card__value">{(data?.[c.key] ?? 0).toLocaleString('tr-TR')}</p>
        </div>
      ))}
    </section>
  )
}
