import { msg } from '@lingui/core/macro'
import { activateLocale, createI18n } from '~/i18n/i18n'
import { getConfig } from '~/server/config'
import { requestLocale } from '~/server/web/request'

/**
 * `GET /virtualcards.webmanifest`: installed from `/virtualcards`, the cards open as an app of
 * their own, limited to that page (`scope`), named in the visitor's language.
 */
export async function virtualCardsManifest(): Promise<Response> {
  const locale = requestLocale()
  const i18n = createI18n()
  await activateLocale(i18n, locale)
  const brand = getConfig().BRAND_NAME
  const manifest = {
    id: '/virtualcards',
    name: i18n._(msg`${brand} insurance cards`),
    short_name: i18n._(msg`Insurance cards`),
    description: i18n._(msg`Your policies on your phone, ready to show at a roadside check, even without internet.`),
    lang: locale,
    start_url: '/virtualcards',
    scope: '/virtualcards',
    display: 'standalone',
    background_color: '#f5f5f5',
    theme_color: '#2e3192',
    icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  }
  return new Response(JSON.stringify(manifest), {
    headers: { 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': 'no-cache', vary: 'cookie, accept-language' },
  })
}
