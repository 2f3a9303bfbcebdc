import { useQuery } from '@tanstack/react-query'
import { formatFileSize } from '#schema/file-size.ts'
import { api } from '../../../lib/api-client.ts'

type LibraryStats = { items: number; downloadsThisMonth: number; bytes: number }

/** The members' library in numbers (issue 31): documents, downloads this month, space its files take. */
export function LibraryNumbers() {
  const { data } = useQuery({
    queryKey: ['admin', 'library-stats'],
    queryFn: async () => (await api.get<{ data: LibraryStats }>('/api/admin/library-stats')).data,
  })
  const figures = [
    { label: 'Kütüphane Belgeleri', value: (data?.items ?? 0).toLocaleString('tr-TR') },
    { label: 'Bu Ay İndirilen', value: (data?.downloadsThisMonth ?? 0).toLocaleString('tr-TR') },
    { label: 'Kütüphane Dosyaları', value: formatFileSize(data?.bytes ?? 0, 1) },
  ]
  return (
    <section className="grid grid--4" aria-label="Kütüphane">
      {figures.map((f) => (
        <div key={f.label} className="card stat-card">
          <p className="stat-card__label">{f.label}</p>
          <p className="stat-card__value">{f.value}</p>
        </div>
      ))}
    </section>
  )
}
