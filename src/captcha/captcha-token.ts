import { solveAltcha } from '~/contract/altcha-solver'
import { captchaScriptUrl } from '~/contract/captcha-widgets'
import { getCaptchaChallenge } from './captcha.functions'

export type CaptchaProvider = 'altcha' | 'recaptcha' | 'turnstile' | 'none'

/** What the reCAPTCHA and Turnstile widgets need: public settings, and where and why the check runs. */
export interface CaptchaWidgetOptions {
  /** `CAPTCHA_SITE_KEY`. */
  siteKey?: string | undefined
  /** `CAPTCHA_SCRIPT_URL`; empty: the provider's public script. */
  scriptUrl?: string | undefined
  /** What the visitor is doing (`contact`, `login`…), shown in the provider's console. */
  action?: string | undefined
  /** Where a Turnstile challenge may appear if it needs the visitor: the form being sent. */
  container?: HTMLElement | null | undefined
}

/** Turnstile may need the visitor to click; after this long the form gives up. */
const INTERACTIVE_TIMEOUT_MS = 2 * 60_000

/**
 * The `token` a protected form sends. ALTCHA: fetch a challenge and solve it in the browser
 * (a second or less of hashing, no third party). reCAPTCHA v3 and Turnstile: load the
 * provider's script now (only when a protected form is sent, never before) and ask it for a
 * token. `none`: empty (test setups).
 */
export async function captchaToken(provider: CaptchaProvider, widget: CaptchaWidgetOptions = {}): Promise<string> {
  if (provider === 'none') return ''
  if (provider === 'altcha') {
    const challenge = await getCaptchaChallenge()
    const token = await solveAltcha(challenge)
    if (!token) throw new Error('captcha challenge could not be solved')
    return token
  }
  if (!widget.siteKey) throw new Error(`captcha provider ${provider} needs CAPTCHA_SITE_KEY`)
  return provider === 'recaptcha' ? recaptchaToken(widget.siteKey, widget) : turnstileToken(widget.siteKey, widget)
}

/** The parts of Google's `grecaptcha` (v3) used here. */
interface ReCaptcha {
  ready(callback: () => void): void
  execute(siteKey: string, options: { action: string }): PromiseLike<string>
}

/** The parts of Cloudflare's `turnstile` used here. */
interface Turnstile {
  render(
    container: HTMLElement,
    options: {
      sitekey: string
      action?: string
      appearance?: 'always' | 'execute' | 'interaction-only'
      callback: (token: string) => void
      'error-callback': (code?: string) => boolean | void
      'expired-callback': () => void
      'timeout-callback': () => void
    },
  ): string | undefined
  remove(widgetId: string): void
}

declare global {
  interface Window {
    grecaptcha?: ReCaptcha
    turnstile?: Turnstile
  }
}

const scripts = new Map<string, Promise<void>>()

/**
 * Loads a provider's script once per page. Inserted by our own (nonced) code, so the policy's
 * 'strict-dynamic' lets it run; it also gets the page's nonce, which reCAPTCHA passes on to the
 * scripts it loads. A failed load is forgotten, so the next submission tries again.
 */
function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src)
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script')
      script.src = src
      script.async = true
      const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.content
      if (nonce) script.nonce = nonce
      script.addEventListener('load', () => resolve())
      script.addEventListener('error', () => {
        scripts.delete(src)
        script.remove()
        reject(new Error(`captcha script did not load: ${src}`))
      })
      document.head.append(script)
    })
    scripts.set(src, loading)
  }
  return loading
}

/** reCAPTCHA actions: letters, digits, `_` and `/`. */
const recaptchaAction = (action: string | undefined) => (action ?? 'submit').replace(/[^A-Za-z0-9_/]/g, '_')
/** Turnstile actions: up to 32 letters, digits, `_` and `-`. */
const turnstileAction = (action: string | undefined) => (action ?? 'submit').replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 32)

async function recaptchaToken(siteKey: string, widget: CaptchaWidgetOptions): Promise<string> {
  await loadScript(captchaScriptUrl('recaptcha', siteKey, widget.scriptUrl))
  const grecaptcha = window.grecaptcha
  if (!grecaptcha) throw new Error('reCAPTCHA did not start')
  await new Promise<void>((resolve) => grecaptcha.ready(resolve))
  const token = await grecaptcha.execute(siteKey, { action: recaptchaAction(widget.action) })
  if (!token) throw new Error('reCAPTCHA gave no token')
  return token
}

/**
 * Turnstile: a fresh widget per submission, rendered into a box at the end of the form
 * (`interaction-only`: it stays invisible unless Cloudflare wants the visitor to click), and
 * removed once it gave its token (tokens are single use).
 */
async function turnstileToken(siteKey: string, widget: CaptchaWidgetOptions): Promise<string> {
  await loadScript(captchaScriptUrl('turnstile', siteKey, widget.scriptUrl))
  const turnstile = window.turnstile
  if (!turnstile) throw new Error('Turnstile did not start')
  const box = document.createElement('div')
  box.className = 'captcha-widget'
  box.dataset.captchaWidget = 'turnstile'
  ;(widget.container ?? document.body).append(box)
  let widgetId: string | undefined
  try {
    return await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Turnstile timed out')), INTERACTIVE_TIMEOUT_MS)
      const settle = (done: () => void) => {
        clearTimeout(timer)
        done()
      }
      widgetId = turnstile.render(box, {
        sitekey: siteKey,
        action: turnstileAction(widget.action),
        appearance: 'interaction-only',
        callback: (token) => settle(() => resolve(token)),
        'error-callback': (code) => {
          settle(() => reject(new Error(`Turnstile error ${code ?? ''}`)))
          return true // handled: Turnstile does not throw
        },
        'expired-callback': () => settle(() => reject(new Error('Turnstile token expired'))),
        'timeout-callback': () => settle(() => reject(new Error('Turnstile challenge timed out'))),
      })
    })
  } finally {
    if (widgetId !== undefined) turnstile.remove(widgetId)
    box.remove()
  }
}
