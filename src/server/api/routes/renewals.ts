import { z } from 'zod'
import { Renewal, RenewalCheckout, RenewalEnvelope, RenewalList, RenewalParams, RenewalReminderRun, RenewalRemindersInput } from '~/contract/renewals'
import { RenewalNotFound } from '../../renewals/renewals'
import { ApiError } from '../errors'
import { defineRoute, signedIn } from '../route'

const tag = 'renewals'
const ownership = 'Another user’s renewal, or an id that does not exist, answers 404.'

async function owned(work: () => Promise<Renewal>): Promise<{ body: { data: Renewal } }> {
  try {
    return { body: { data: await work() } }
  } catch (error) {
    if (error instanceof RenewalNotFound) throw new ApiError(404, 'not_found')
    throw error
  }
}

/** The renewal autopilot: prepared renewals of the policies bought here (decisions 135-139). */
export const renewalRoutes = [
  defineRoute({
    method: 'GET',
    path: '/renewals',
    tag,
    summary:
      'The signed-in user’s open renewals, soonest end first: per policy ending within 30 days (or ended within the last 30), the three best offers for a cover from the day after the old end (tomorrow once it has ended: `late`), the current insurer’s new price and its change against last year, the rating class change and until when the prices hold.',
    auth: 'user',
    response: RenewalList,
    handler: async ({ account, deps }) => ({ body: { data: await deps.renewals.list(signedIn(account).user.id) } }),
  }),
  defineRoute({
    method: 'POST',
    path: '/renewals/{id}/quote',
    tag,
    summary: `Asks the insurers again now (prices ran out, or the old policy ended and the cover starts tomorrow); answers the card, its prices \`preparing\` until every insurer answered. ${ownership}`,
    auth: 'user',
    params: RenewalParams,
    response: RenewalEnvelope,
    handler: async ({ account, deps, params }) => owned(() => deps.renewals.requote(signedIn(account).user.id, params.id)),
  }),
  defineRoute({
    method: 'POST',
    path: '/renewals/{id}/checkout',
    tag,
    summary: `Where a reminder's one-click link leads: the checkout (quote, offer, renewal) of the current insurer's new offer, or the cheapest when it made none; prices that ran out are asked again first. \`data: null\` when no insurer priced it. A renewal no longer open answers 404. ${ownership}`,
    auth: 'user',
    params: RenewalParams,
    response: RenewalCheckout,
    handler: async ({ account, deps, params }) => {
      try {
        return { body: { data: await deps.renewals.checkout(signedIn(account).user.id, params.id) } }
      } catch (error) {
        if (error instanceof RenewalNotFound) throw new ApiError(404, 'not_found')
        throw error
      }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/renewals/{id}/bought-elsewhere',
    tag,
    summary: `The next policy was bought elsewhere: the card and the policy’s end reminders (mail, notification, calendar) stop. ${ownership}`,
    auth: 'user',
    params: RenewalParams,
    response: RenewalEnvelope,
    handler: async ({ account, deps, params }) => owned(() => deps.renewals.boughtElsewhere(signedIn(account).user.id, params.id)),
  }),
  defineRoute({
    method: 'PUT',
    path: '/renewals/{id}/reminders',
    tag,
    summary: `Turns the policy’s end reminders (mail, notification, calendar) off (\`enabled: false\`) or on again. ${ownership}`,
    auth: 'user',
    params: RenewalParams,
    body: RenewalRemindersInput,
    response: RenewalEnvelope,
    handler: async ({ account, deps, params, body }) => owned(() => deps.renewals.setReminders(signedIn(account).user.id, params.id, body.enabled)),
  }),
  defineRoute({
    method: 'POST',
    path: '/operator/renewals/sweep',
    tag: 'operator',
    summary: 'Runs the renewal sweep now (it also runs hourly on the job queue): prepares the renewals whose window opened and quotes again those whose prices ran out. Answers what it did.',
    auth: 'operator',
    response: z.object({ examined: z.number().int(), quoted: z.number().int(), failed: z.number().int() }),
    handler: async ({ deps }) => ({ body: await deps.renewals.sweep() }),
  }),
  defineRoute({
    method: 'POST',
    path: '/operator/renewals/{id}/remind',
    tag: 'operator',
    summary: 'Sends the renewal\'s end reminder of `days_before` now (it goes out by itself at 09:00 Bucharest that many days before the end), once per threshold as always: `sent`, `already_sent`, or `void` when nothing is to be reminded of (renewed, bought elsewhere, reminders off).',
    auth: 'operator',
    params: RenewalParams,
    body: RenewalReminderRun,
    response: z.object({ outcome: z.enum(['sent', 'already_sent', 'void']) }),
    handler: async ({ deps, params, body }) => {
      try {
        const { policyId, endDate } = await deps.renewals.remindedPolicy(params.id)
        return { body: { outcome: await deps.endReminders.send({ policyId, endDate, daysBefore: body.days_before }) } }
      } catch (error) {
        if (error instanceof RenewalNotFound) throw new ApiError(404, 'not_found')
        throw error
      }
    },
  }),
]
