import { msg } from '#schema/messages.ts'
import { errorText } from '../../../lib/api-client.ts'
import { confirmAction } from '../../../lib/confirm.ts'
import { useTimedMessage } from '../../../hooks/useTimedMessage.ts'
import { Card } from '../../../components/ui/Card.tsx'
import { Notice } from '../../../components/ui/Notice.tsx'
import { Spinner } from '../../../components/ui/Spinner.tsx'
import { useMaintenance } from '../api/get-maintenance.ts'
import { useToggleMaintenance } from '../api/toggle-maintenance.ts'

/**
 * Maintenance switch: sends the opposite of the current state and adopts what the server returns; switching on
 * asks first.
 */
export function MaintenanceCard() {
  const maintenance = useMaintenance()
  const toggle = useToggleMaintenance()
  const { message, show } = useTimedMessage(5000)
  const on = maintenance.data === true

  async function flip() {
    // Switching on closes the site to every visitor: ask first. Switching off only brings it back.
    const ask = { title: 'Bakım modu', confirmLabel: 'Bakım modunu aç' }
    if (!on && !(await confirmAction(msg.maintenanceConfirm, ask))) return
    toggle.mutate(!on, {
      onSuccess: (res) =>
        show('success', res.message ?? (res.maintenanceMode ? msg.maintenanceOn : msg.maintenanceOff)),
      onError: (error) => show('error', errorText(error, msg.maintenanceError)),
    })
  }

  return (
    <Card title="Bakım Modu" className={on ? 'maintenance maintenance--on' : 'maintenance'}>
      <div className="stack">
        <p className="muted">
          Bakım modu açıkken ziyaretçiler sitenin yerine bakım sayfasını görür. Yönetim paneli ve kütüphane
          çalışmaya devam eder.
        </p>
        {maintenance.isPending ? (
          <Spinner />
        ) : (
          <div className="switch-row">
            <button
              type="button"
              role="switch"
              aria-checked={on}
              aria-label="Bakım modu"
              className={`switch${on ? ' switch--on' : ''}`}
              onClick={flip}
              disabled={toggle.isPending || maintenance.isError}
            >
              <span className="switch__thumb" aria-hidden="true" />
            </button>
            <span className={`badge ${on ? 'badge--danger' : 'badge--success'}`}>
              {toggle.isPending ? 'Güncelleniyor...' : on ? 'Bakım modu açık' : 'Site yayında'}
            </span>
          </div>
        )}
        <Notice message={message} />
      </div>
    </Card>
  )
}
