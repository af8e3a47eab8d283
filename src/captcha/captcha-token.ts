import { solveAltcha } from '~/contract/altcha-solver'
import { getCaptchaChallenge } from './captcha.functions'

type Provider = 'altcha' | 'recaptcha' | 'turnstile' | 'none'

/**
 * The `token` a protected form sends. ALTCHA: fetch a challenge and solve it in the
 * browser (a second or less of hashing, no third party). `none`: empty (test setups).
 * reCAPTCHA and Turnstile render their own widget, which the accounts feature adds.
 */
export async function captchaToken(provider: Provider): Promise<string> {
  if (provider === 'none') return ''
  if (provider !== 'altcha') throw new Error(`captcha provider ${provider} needs its widget`)
  const challenge = await getCaptchaChallenge()
  const token = await solveAltcha(challenge)
  if (!token) throw new Error('captcha challenge could not be solved')
  return token
}
