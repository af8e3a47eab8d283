import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { useCaptchaWidget } from '~/captcha/use-captcha-widget'
import { allAccepted, necessaryOnly, type ConsentChoices } from '~/contract/preferences'
import { useFollowRedirect } from '~/ui/follow-redirect'
import { notify, notifyFieldErrors } from '~/ui/toaster'
import { saveConsent } from './consent.functions'
import { setCookieSettingsOpen, useCookieSettingsOpen } from './settings-store'

type Optional = Exclude<keyof ConsentChoices, 'necessary'>

interface Props {
  consent: ConsentChoices | null
  captchaProvider: 'altcha' | 'recaptcha' | 'turnstile' | 'none'
}

/**
 * The cookie banner: shown (server-rendered, so without a flash) until the visitor chooses,
 * and again from the footer's "Cookie settings". Nothing optional runs before a choice.
 */
export function ConsentBanner({ consent, captchaProvider }: Props) {
  const { t } = useLingui()
  const router = useRouter()
  const reopened = useCookieSettingsOpen()
  const [choosing, setChoosing] = useState(false)
  const [choices, setChoices] = useState<ConsentChoices>(consent ?? necessaryOnly)
  const [saving, setSaving] = useState(false)
  const titleId = useId()
  const captchaWidget = useCaptchaWidget()
  const followRedirect = useFollowRedirect()
  const banner = useRef<HTMLElement>(null)
  // Reopened from the footer, the banner above the header is out of sight: bring it there.
  useEffect(() => {
    if (reopened) banner.current?.focus()
  }, [reopened])
  if (consent && !reopened) return null

  async function save(chosen: ConsentChoices) {
    setSaving(true)
    try {
      const result = await saveConsent({ data: { consent: chosen, token: await import('~/captcha/captcha-token').then(({ captchaToken }) => captchaToken(captchaProvider, { ...captchaWidget, action: 'cookie_consent' })) } })
      if (!result.ok) return notifyFieldErrors(result.fields)
      setCookieSettingsOpen(false)
      setChoosing(false)
      notify('success', t`Your cookie choices are saved.`)
      await router.invalidate()
    } catch (thrown) {
      if (await followRedirect(thrown)) return // maintenance: the banner shows again afterwards
      notify('error', t`Your choices could not be saved. Please try again.`)
    } finally {
      setSaving(false)
    }
  }

  const categories: { key: Optional; label: string; detail: string }[] = [
    { key: 'preferences', label: t`Preferences`, detail: t`Remember settings such as the products you compared.` },
    { key: 'analytics', label: t`Analytics`, detail: t`Count page views so we can improve the site. No personal profile is built.` },
    { key: 'marketing', label: t`Marketing`, detail: t`Measure our advertising campaigns.` },
  ]

  return (
    <section ref={banner} tabIndex={-1} className="consent-banner" role="region" aria-labelledby={titleId} data-testid="consent-banner">
      <h2 id={titleId}>
        <Trans>Cookies on this site</Trans>
      </h2>
      <p>
        <Trans>We use the cookies the site needs to work. With your permission we also use cookies for preferences, analytics and marketing. You can change your mind at any time from the page footer.</Trans>
      </p>
      {choosing ? (
        <fieldset className="consent-banner__choices">
          <legend>
            <Trans>Choose the cookies you allow</Trans>
          </legend>
          <label>
            <input type="checkbox" checked disabled /> <Trans>Necessary (always on)</Trans>
          </label>
          {categories.map((c) => (
            <label key={c.key}>
              <input type="checkbox" checked={choices[c.key]} onChange={(e) => setChoices({ ...choices, [c.key]: e.target.checked })} /> {c.label}
              <span className="muted"> — {c.detail}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="consent-banner__actions">
        <button type="button" className="button" disabled={saving} onClick={() => void save(allAccepted)}>
          <Trans>Accept all</Trans>
        </button>
        <button type="button" className="button button--secondary" disabled={saving} onClick={() => void save(necessaryOnly)}>
          <Trans>Only necessary</Trans>
        </button>
        {choosing ? (
          <button type="button" className="button button--secondary" disabled={saving} onClick={() => void save(choices)}>
            <Trans>Save my choices</Trans>
          </button>
        ) : (
          <button type="button" className="button button--ghost" disabled={saving} onClick={() => setChoosing(true)}>
            <Trans>Choose</Trans>
          </button>
        )}
      </div>
      {saving ? (
        <p role="status" className="muted">
          <Trans>Saving your choices…</Trans>
        </p>
      ) : null}
    </section>
  )
}

/** The footer's "Cookie settings" button: reopens the banner with the current choices. */
export function CookieSettingsButton() {
  return (
    <button type="button" className="link-button" onClick={() => setCookieSettingsOpen(true)}>
      <Trans>Cookie settings</Trans>
    </button>
  )
}
