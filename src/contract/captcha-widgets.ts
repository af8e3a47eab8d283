/**
 * The third-party captcha widgets (reCAPTCHA v3, Turnstile): where their scripts live and
 * what the page's Content-Security-Policy must allow for them. Zod-free: the browser loads the
 * scripts, the server builds the policy (docs/decisions/0031-captcha-widgets.md).
 */

export type WidgetProvider = 'recaptcha' | 'turnstile'

export const isWidgetProvider = (provider: string): provider is WidgetProvider => provider === 'recaptcha' || provider === 'turnstile'

/** The providers' public scripts; `CAPTCHA_SCRIPT_URL` replaces them (a local fake in tests). */
export const CAPTCHA_SCRIPT_URLS: Record<WidgetProvider, string> = {
  recaptcha: 'https://www.google.com/recaptcha/api.js',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
}

/**
 * The script to load: reCAPTCHA v3 renders with the site key (`render={siteKey}`), Turnstile
 * waits to be told where (`render=explicit`).
 */
export function captchaScriptUrl(provider: WidgetProvider, siteKey: string, scriptUrl?: string): string {
  const url = new URL(scriptUrl || CAPTCHA_SCRIPT_URLS[provider])
  url.searchParams.set('render', provider === 'recaptcha' ? siteKey : 'explicit')
  return url.toString()
}

export interface CspSources {
  script: string[]
  frame: string[]
  connect: string[]
}

/**
 * What each widget needs beyond 'self', as Google's reCAPTCHA FAQ and Cloudflare's Turnstile
 * documentation list it: its scripts, the iframe that runs the check, and the calls it makes.
 */
const PUBLIC_SOURCES: Record<WidgetProvider, CspSources> = {
  recaptcha: {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    connect: ['https://www.google.com/recaptcha/'],
  },
  turnstile: {
    script: ['https://challenges.cloudflare.com'],
    frame: ['https://challenges.cloudflare.com'],
    connect: ['https://challenges.cloudflare.com'],
  },
}

/**
 * The sources a page's policy adds for the configured captcha: none for ALTCHA (self-hosted)
 * or `none`; the provider's public origins; or, with `CAPTCHA_SCRIPT_URL`, that script's origin.
 */
export function captchaCspSources(provider: string, scriptUrl?: string): CspSources | undefined {
  if (!isWidgetProvider(provider)) return undefined
  if (scriptUrl) {
    const origin = new URL(scriptUrl).origin
    return { script: [origin], frame: [origin], connect: [origin] }
  }
  return PUBLIC_SOURCES[provider]
}
