import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'

/** What the last clean-up of leftover files removed (null before the first one). */
export type SweepReport = { at: string; programFiles: number; uploads: number }
export type StorageUsage = {
  uploadsBytes: number
  programFilesBytes: number
  totalBytes: number
  lastSweep?: SweepReport | null
}

/** GET /api/admin/storage: bytes used by uploaded images and program files. */
export async function fetchStorage(): Promise<StorageUsage> {
  return (await api.get<{ data: StorageUsage }>('/api/admin/storage')).data
}

export function useStorage() {
  return useQuery({ queryKey: ['admin', 'storage'], queryFn: fetchStorage })
}
