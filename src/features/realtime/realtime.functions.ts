import { createServerFn } from '@tanstack/react-start'
import { PUSHER_AUTH_PATH } from '~/contract/realtime'
import { ChannelAuthInput, ChannelAuthResult } from '~/contract/realtime-auth'
import { contractInput } from '~/server/web/forms'
import { callProvider } from '~/server/web/request'
import { signedInOnly } from '~/server/web/signed-in-only'

/**
 * pusher-js's channel authorization, through the web app: the provider signs the subscription
 * for the user of the session's bearer, which never reaches the browser (spec §6).
 */
export const authorizeChannel = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator(contractInput(ChannelAuthInput))
  .handler(({ data }) => callProvider(PUSHER_AUTH_PATH, { method: 'POST', form: data, schema: ChannelAuthResult }))
