/**
 * Requests and answers of the realtime authorization endpoints of the provider API, in the
 * shapes pusher-js sends and expects: a form POST of `socket_id` and `channel_name` (plus
 * nothing else we read), answered with `{auth}` or, for presence, `{auth, channel_data}`;
 * user sign-in with `socket_id`, answered with `{auth, user_data}`.
 */
import { z } from 'zod'
import { CHANNEL_NAME_PATTERN, MAX_CHANNEL_NAME_LENGTH } from './realtime'

const socketId = z.string().regex(/^\d+\.\d+$/)

export const ChannelAuthInput = z.object({
  socket_id: socketId,
  channel_name: z.string().min(1).max(MAX_CHANNEL_NAME_LENGTH).regex(CHANNEL_NAME_PATTERN),
})
export type ChannelAuthInput = z.infer<typeof ChannelAuthInput>

export const ChannelAuthResult = z.object({
  /** `key:signature`, what pusher-js puts in `pusher:subscribe`. */
  auth: z.string(),
  /** Presence only: the member's JSON, signed byte for byte. */
  channel_data: z.string().optional(),
})
export type ChannelAuthResult = z.infer<typeof ChannelAuthResult>

export const UserAuthInput = z.object({ socket_id: socketId })

export const UserAuthResult = z.object({
  auth: z.string(),
  /** JSON of `{id}`: the signed-in user, as `pusher:signin` carries it. */
  user_data: z.string(),
})
export type UserAuthResult = z.infer<typeof UserAuthResult>
