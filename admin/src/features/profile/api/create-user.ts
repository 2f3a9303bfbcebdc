import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { PublicUser, userCreateSchema } from '#schema/user.ts'
import { api } from '../../../lib/api-client.ts'
import { usersKey } from './get-users.ts'

export type UserCreateInput = z.output<typeof userCreateSchema>

/** POST /api/admin/users → 201 { message, data: user }. */
export async function createUser(input: UserCreateInput) {
  return api.post<{ message?: string; data: PublicUser }>('/api/admin/users', input)
}

export function useCreateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  })
}
