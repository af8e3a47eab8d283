import { createServerFn } from '@tanstack/react-start'
import { PUSHER_AUTH_PATH } from '~/contract/realtime'
import { ChannelAuthResult } from '~/contract/realtime-auth'
import { formText } from '~/server/web/forms'
import { callProvider } from '~/server/web/request'
import { signedInOnly } from '~/server/web/signed-in-only'

/**
 * pusher-js's channel authorization, through the web app: the provider signs the subscription
 * for the user of the session's bearer, which never reaches the browser (spec §6).
 */
export const authorizeChannel = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator((input: { socket_id: unknown; channel_name: unknown }) => ({ socket_id: formText(input.socket_id, 40), channel_name: formText(input.channel_name, 200) }))
  .handler(({ data }) => callProvider(PUSHER_AUTH_PATH, { method: 'POST', form: data, schema: ChannelAuthResult }))
