import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { memberInputSchema, PublicMember } from '#schema/library-member.ts'
import { api } from '../../../lib/api-client.ts'
import { membersKey } from './get-members.ts'

export type MemberInput = z.output<typeof memberInputSchema>

/** POST /api/admin/library-members, or PUT /:id when editing (the password is required both ways). */
export async function saveMember({ id, input }: { id: string | null; input: MemberInput }) {
  return id
    ? api.put<{ message?: string; data: PublicMember }>(
        `/api/admin/library-members/${encodeURIComponent(id)}`,
        input,
      )
    : api.post<{ message?: string; data: PublicMember }>('/api/admin/library-members', input)
}

export function useSaveMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey }),
  })
}
