import { useRouteContext } from '@tanstack/react-router'
import type { CaptchaWidgetOptions } from './captcha-token'

/**
 * The public settings of the reCAPTCHA or Turnstile widget (site key, script URL), from the
 * root route's context, for `captchaToken`. Any component under the router may call it.
 */
export function useCaptchaWidget(): Pick<CaptchaWidgetOptions, 'siteKey' | 'scriptUrl'> {
  const { publicConfig } = useRouteContext({ from: '__root__' })
  return { siteKey: publicConfig.CAPTCHA_SITE_KEY, scriptUrl: publicConfig.CAPTCHA_SCRIPT_URL }
}
