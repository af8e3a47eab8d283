import { createServerFn } from '@tanstack/react-start'
import { CaptchaChallenge } from '~/contract/captcha'
import { callProvider } from '~/server/web/request'

/** A fresh proof-of-work challenge from the provider (self-hosted ALTCHA). */
export const getCaptchaChallenge = createServerFn({ method: 'GET' }).handler(() => callProvider('/captcha/challenge', { schema: CaptchaChallenge }))
