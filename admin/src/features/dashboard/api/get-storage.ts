import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'

export type StorageUsage = { uploadsBytes: number; programFilesBytes: number; totalBytes: number }

/** GET /api/admin/storage: bytes used by uploaded images and program files. */
export async function fetchStorage(): Promise<StorageUsage> {
  return (await api.get<{ data: StorageUsage }>('/api/admin/storage')).data
}

export function useStorage() {
  return useQuery({ queryKey: ['admin', 'storage'], queryFn: fetchStorage })
}
