import { z } from 'zod'
import { AccountPreferencesEnvelope, AccountPreferencesPatch, CalendarFeed } from '~/contract/account-area'
import { ApiError } from '../errors'
import { defineRoute, signedIn } from '../route'

const FeedFile = z.object({ file: z.string().max(100) })
const DeadlineFile = z.object({ token: z.string().max(100), file: z.string().max(120) })
const icsHeaders = (filename: string) => ({ 'content-type': 'text/calendar; charset=utf-8', 'content-disposition': `inline; filename="${filename}"` })

/** Preferences and the private calendar feed of the account area (decisions 63, 64). */
export const accountSettingsRoutes = [
  defineRoute({
    method: 'GET',
    path: '/preferences',
    tag: 'account',
    summary: 'The account’s preferences: language, theme, where each kind of reminder arrives (e-mail, notification centre), the marketing consent and its date. The web app applies language and theme at every sign-in.',
    auth: 'user',
    response: AccountPreferencesEnvelope,
    handler: async ({ account, deps }) => ({ body: { data: await deps.accountArea.preferences.get(signedIn(account).user.id) } }),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/preferences',
    tag: 'account',
    summary: 'Changes the preferences sent; `reminders` may name only some kinds. The consent date changes when the consent does.',
    auth: 'user',
    body: AccountPreferencesPatch,
    response: AccountPreferencesEnvelope,
    handler: async ({ account, deps, body }) => ({ body: { data: await deps.accountArea.preferences.update(signedIn(account).user.id, body) } }),
  }),
  defineRoute({
    method: 'GET',
    path: '/calendar-feed',
    tag: 'account',
    summary: 'The private iCalendar URL of the account’s deadlines (ITP, papers’ ends, note reminders, the last day of each policy and vignette bought here), made on first use. Anyone with the URL can read the feed: renew it if it leaks.',
    auth: 'user',
    response: CalendarFeed,
    handler: async ({ account, deps }) => ({ body: { data: { url: await deps.accountArea.calendar.url(signedIn(account).user.id) } } }),
  }),
  defineRoute({
    method: 'POST',
    path: '/calendar-feed/renew',
    tag: 'account',
    summary: 'Gives the feed a new URL; the old one answers 404 from now on.',
    auth: 'user',
    response: CalendarFeed,
    handler: async ({ account, deps }) => ({ body: { data: { url: await deps.accountArea.calendar.renew(signedIn(account).user.id) } } }),
  }),
  defineRoute({
    method: 'GET',
    path: '/calendar/{file}',
    tag: 'account',
    summary: 'The calendar feed itself (`<token>.ics`, text/calendar), for calendar apps that cannot send a bearer: the secret token in the URL is the credential (decision 64). Unknown or renewed tokens answer 404.',
    params: FeedFile,
    response: z.string(),
    handler: async ({ params, deps }) => {
      const userId = await deps.accountArea.calendar.ownerOf(params.file.replace(/\.ics$/, ''))
      if (!userId || !params.file.endsWith('.ics')) throw new ApiError(404, 'not_found')
      return { body: (await deps.accountArea.calendar.ics(userId))!, headers: icsHeaders('deadlines.ics') }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/calendar/{token}/{file}',
    tag: 'account',
    summary: 'One deadline of the feed as an `.ics` file to import (`<uid>.ics`, e.g. `itp-<vehicle id>.ics`). The same secret token as the feed is the credential.',
    params: DeadlineFile,
    response: z.string(),
    handler: async ({ params, deps }) => {
      const userId = await deps.accountArea.calendar.ownerOf(params.token)
      const uid = params.file.replace(/\.ics$/, '')
      const ics = userId && params.file.endsWith('.ics') ? await deps.accountArea.calendar.ics(userId, uid) : undefined
      if (!ics) throw new ApiError(404, 'not_found')
      return { body: ics, headers: { ...icsHeaders(params.file), 'content-disposition': `attachment; filename="${uid}.ics"` } }
    },
  }),
]
