import { Card } from '../../../components/ui/Card.tsx'
import { SyncConflictList, useSyncConflicts } from '../../../components/SyncConflictList.tsx'

/** 'Çakışmalar' on the dashboard (issue 19): every field the last syncs with the content remote kept live. */
export function SyncConflicts() {
  const { conflicts } = useSyncConflicts(null)
  if (conflicts.length === 0) return null
  return (
    <Card title={`Çakışmalar (${conflicts.length})`}>
      <SyncConflictList filter={null} />
    </Card>
  )
}
