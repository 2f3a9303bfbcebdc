import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { maintenanceKey } from './get-maintenance.ts'

export type MaintenanceResult = { maintenanceMode: boolean; message?: string }

/** POST /api/admin/maintenance { enabled }: the server answers with the state it adopted and a message. */
export async function setMaintenance(enabled: boolean): Promise<MaintenanceResult> {
  return api.post<MaintenanceResult>('/api/admin/maintenance', { enabled })
}

export function useToggleMaintenance() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setMaintenance,
    onSuccess: (res) => queryClient.setQueryData(maintenanceKey, res.maintenanceMode === true),
  })
}
