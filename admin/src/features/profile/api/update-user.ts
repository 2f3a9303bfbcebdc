import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { PublicUser, userUpdateSchema } from '#schema/user.ts'
import { api } from '../../../lib/api-client.ts'
import { getAdminUser, setAdminUser } from '../../../lib/auth.ts'
import { usersKey } from './get-users.ts'

export type UserUpdateInput = z.output<typeof userUpdateSchema>

/** PUT /api/admin/users/:id (password left out keeps the current one). */
export async function updateUser({ id, input }: { id: string; input: UserUpdateInput }) {
  return api.put<{ message?: string; data: PublicUser }>(`/api/admin/users/${encodeURIComponent(id)}`, input)
}

/** Updates a user; when it is the logged-in one, the stored adminUser follows. */
export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (res) => {
      if (res.data && res.data.id === getAdminUser()?.id) setAdminUser(res.data)
      return queryClient.invalidateQueries({ queryKey: usersKey })
    },
  })
}
