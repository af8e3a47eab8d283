import { PUSHER_AUTH_PATH, PUSHER_USER_AUTH_PATH } from '~/contract/realtime'
import { ChannelAuthInput, ChannelAuthResult, UserAuthInput, UserAuthResult } from '~/contract/realtime-auth'
import { channelGrant } from '../../realtime/policy'
import { channelAuth, userAuth } from '../../realtime/signing'
import { ApiError } from '../errors'
import { defineRoute, signedIn } from '../route'

/**
 * Realtime authorization (Pusher protocol): signs the subscriptions and sign-ins pusher-js asks
 * for, for the user of the bearer token, with the realtime app secret. Whatever server runs the
 * channels (the embedded one, another Pusher-compatible one, hosted Pusher) accepts these.
 */
export const realtimeRoutes = [
  defineRoute({
    method: 'POST',
    path: PUSHER_AUTH_PATH,
    tag: 'realtime',
    summary:
      'Signs a channel subscription (pusher-js `channelAuthorization`; form or JSON `socket_id`, `channel_name`). Only the user’s own channels: `private-user-{id}` answers `{auth}`, `presence-user-{id}` answers `{auth, channel_data}`; any other channel answers 403.',
    auth: 'user',
    body: ChannelAuthInput,
    bodyEncoding: 'json-or-form',
    response: ChannelAuthResult,
    handler: ({ account, body, deps }) => {
      const userId = signedIn(account).user.id
      const grant = channelGrant(userId, body.channel_name)
      if (!grant) throw new ApiError(403, 'forbidden')
      const { PUSHER_APP_KEY: key, PUSHER_APP_SECRET: secret } = deps.config
      if (grant === 'private') return { body: { auth: channelAuth(key, secret, body.socket_id, body.channel_name) } }
      const channelData = JSON.stringify({ user_id: userId })
      return { body: { auth: channelAuth(key, secret, body.socket_id, body.channel_name, channelData), channel_data: channelData } }
    },
  }),
  defineRoute({
    method: 'POST',
    path: PUSHER_USER_AUTH_PATH,
    tag: 'realtime',
    summary: 'Signs a realtime sign-in (pusher-js `userAuthentication`, `pusher.signin()`; form or JSON `socket_id`) as the user of the bearer token: `{auth, user_data}`.',
    auth: 'user',
    body: UserAuthInput,
    bodyEncoding: 'json-or-form',
    response: UserAuthResult,
    handler: ({ account, body, deps }) => {
      const userData = JSON.stringify({ id: signedIn(account).user.id })
      return { body: { auth: userAuth(deps.config.PUSHER_APP_KEY, deps.config.PUSHER_APP_SECRET, body.socket_id, userData), user_data: userData } }
    },
  }),
]
