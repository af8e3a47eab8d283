/**
 * Which channels a signed-in user may join: their own private channel (every event pushed to
 * them) and their own presence channel (their devices; members counted per user). Nothing
 * else is signed. Public channels need no signature; the app uses none for user data.
 */
import { userOfChannel } from '../../contract/realtime'

export type ChannelGrant = 'private' | 'presence'

export function channelGrant(userId: string, channel: string): ChannelGrant | undefined {
  const owner = userOfChannel(channel)
  return owner !== undefined && owner.userId === userId ? owner.kind : undefined
}
