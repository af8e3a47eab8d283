import { queryOptions } from '@tanstack/react-query'
import { getProfile, listSessions } from './account.functions'

/**
 * The signed-in holder's data. Keys carry the user id, so a browser that signs in as someone
 * else never shows the previous holder's cached answers.
 */
export const accountKey = (userId: string) => ['account', userId] as const

export const profileQuery = (userId: string) =>
  queryOptions({
    queryKey: [...accountKey(userId), 'profile'],
    queryFn: () => getProfile(),
    staleTime: 30_000,
  })

export const sessionsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...accountKey(userId), 'sessions'],
    queryFn: () => listSessions(),
    staleTime: 0,
  })
