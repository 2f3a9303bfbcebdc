import { useEffect, useState } from 'react'
import { ListPager } from '../../components/ListPager.tsx'
import { ListSearch } from '../../components/ListSearch.tsx'
import { Card } from '../../components/ui/Card.tsx'
import { EmptyState } from '../../components/ui/EmptyState.tsx'
import { LoadError } from '../../components/ui/LoadError.tsx'
import { PageHeader } from '../../components/ui/PageHeader.tsx'
import { Select } from '../../components/ui/Select.tsx'
import { Spinner } from '../../components/ui/Spinner.tsx'
import { usePagedSearch } from '../../hooks/usePagedSearch.ts'
import { useAudit } from './api/get-audit.ts'
import { AuditTable } from './components/AuditTable.tsx'
import './audit.css'

/** /admin/islem-gecmisi (superadmins): who did what and when, filterable by user and words, a page at a time. */
export default function AuditPage() {
  const paging = usePagedSearch()
  const [user, setUser] = useState('')
  const audit = useAudit({ page: paging.page, q: paging.q, user })
  const data = audit.data
  const { keepInRange, setPage } = paging
  useEffect(() => {
    if (data) keepInRange(data.data.length, data.total, data.pageSize)
  }, [data, keepInRange])

  return (
    <>
      <PageHeader
        title="İşlem Geçmişi"
        description="Yönetim panelinde yapılan her işlem: kim, ne zaman, ne yaptı."
      />
      <Card>
        <div className="audit__filters">
          <ListSearch
            label="İşlemlerde ara"
            placeholder="Örn. blog, giriş, bakım"
            onSearch={paging.search}
            initial={paging.q}
          />
          <Select
            label="Kullanıcı"
            value={user}
            placeholder="Tüm kullanıcılar"
            options={(data?.users ?? []).map((email) => ({ value: email, label: email }))}
            onChange={(value) => {
              setUser(value)
              setPage(1)
            }}
          />
        </div>
        {audit.isPending ? (
          <Spinner />
        ) : audit.isError || !data ? (
          <LoadError fallback="İşlem geçmişi yüklenemedi." error={audit.error} />
        ) : data.total === 0 ? (
          <EmptyState>Bu ölçütlere uyan işlem bulunamadı.</EmptyState>
        ) : (
          <div aria-busy={audit.isPlaceholderData || undefined}>
            <AuditTable entries={data.data} />
            <ListPager
              label="İşlem geçmişi sayfaları"
              page={paging.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={setPage}
            />
          </div>
        )}
      </Card>
    </>
  )
}
