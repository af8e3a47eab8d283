import { PageQuery, pageOf } from '~/contract/account-area'
import {
  DirectBookingEnvelope,
  DirectBookingInput,
  DirectBookingList,
  DirectBookingParams,
  DirectBookingStatusInput,
  OperatorDirectBooking,
  OperatorDirectBookingList,
  OperatorDirectBookingListQuery,
} from '~/contract/direct-booking'
import { z } from 'zod'
import { pendingTwoFactor } from '../../auth/two-factor'
import { toDirectBooking } from '../../direct-bookings/direct-bookings'
import type { ApiDeps } from '../deps'
import { ApiError } from '../errors'
import { defineRoute, signedIn } from '../route'
import { limitPerAddress } from './quotes'
import { guard } from './vehicles'

const hour = 60 * 60_000
/** Requests per client address and per contact (account or guest e-mail) and hour: enough for a bad day, not for a flood of mail. */
export const DIRECT_BOOKINGS_PER_ADDRESS = 10
export const DIRECT_BOOKINGS_PER_CONTACT = 5

async function limitPerContact(deps: ApiDeps, contact: string): Promise<void> {
  const verdict = await deps.limiter.hit({ key: `direct-booking:contact:${contact}`, max: DIRECT_BOOKINGS_PER_CONTACT, windowMs: hour })
  if (!verdict.allowed) throw new ApiError(429, 'too_many_requests', undefined, { 'retry-after': String(verdict.retryAfterS) })
}

const tag = 'direct-bookings'

/** Road assistance and claims help (decision 70). */
export const directBookingRoutes = [
  defineRoute({
    method: 'POST',
    path: '/direct-bookings',
    tag,
    summary:
      'Asks for road assistance or claims help: `kind` (`breakdown`, `accident_with_other_party`, `accident_without_other_party`, `towing`), the vehicle (`vehicle_id` of the signed-in user’s, or `registration_plate`), where (`address`, or `latitude` with `longitude`, or both), `phone`, optional `note`. The bearer is optional: without one (a guest) `registration_plate` and `email` are required. Answers 201 with the request, status `received` and its reference (`DB-7K2M9Q`), and mails the reference. When the plate’s valid RCA was bought here by the same account (or e-mail), `rca` says whether it has direct settlement. Limited per address (10 an hour) and per account or e-mail (5 an hour); 422 with the field map.',
    body: DirectBookingInput,
    response: DirectBookingEnvelope,
    status: 201,
    handler: async ({ body, deps, bearer, clientIp, locale }) => {
      const account = bearer ? await deps.accounts.authenticate(bearer) : null
      // A bearer that is not valid is refused rather than taken for a guest: the driver thinks they are signed in.
      if (bearer && !account) throw new ApiError(401, 'unauthenticated')
      if (account && pendingTwoFactor(account, deps.config)) throw new ApiError(403, 'two_factor_required')
      await limitPerAddress(deps, 'direct-booking', DIRECT_BOOKINGS_PER_ADDRESS, clientIp)
      const contact = account ? `user:${account.user.id}` : body.email ? `email:${body.email}` : undefined
      if (contact) await limitPerContact(deps, contact)
      const requester = account ? { userId: account.user.id, locale } : { locale }
      return { body: { data: toDirectBooking(await guard(locale, () => deps.directBookings.create(body, requester))) } }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/direct-bookings',
    tag,
    summary: 'The signed-in user’s road assistance requests, newest first, paged (`page`, `per_page` ≤ 100).',
    auth: 'user',
    query: PageQuery,
    response: DirectBookingList,
    handler: async ({ account, deps, query }) => {
      const paging = pageOf(query)
      const { rows, total } = await deps.directBookings.list(signedIn(account).user.id, paging)
      return { body: { data: rows.map(toDirectBooking), meta: { total, ...paging } } }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/direct-bookings/{ref}',
    tag,
    summary: 'One of the signed-in user’s requests by its reference, with the history of its status. Another user’s request, a guest’s, or a reference that does not exist answers 404.',
    auth: 'user',
    params: DirectBookingParams,
    response: DirectBookingEnvelope,
    handler: async ({ account, deps, params, locale }) => ({ body: { data: toDirectBooking(await guard(locale, () => deps.directBookings.get(signedIn(account).user.id, params.ref))) } }),
  }),
]

/** `npm run cli -- booking list|set-status` goes through these. */
export const directBookingOperatorRoutes = [
  defineRoute({
    method: 'GET',
    path: '/operator/direct-bookings',
    tag: 'operator',
    summary: 'The latest road assistance requests, optionally of one status, with the contact e-mail (`booking list`).',
    auth: 'operator',
    query: OperatorDirectBookingListQuery,
    response: OperatorDirectBookingList,
    handler: async ({ query, deps }) => ({ body: { data: await deps.directBookings.operatorList(query.status, query.limit) } }),
  }),
  defineRoute({
    method: 'POST',
    path: '/operator/direct-bookings/{ref}/status',
    tag: 'operator',
    summary:
      'Moves a request to a new status (`booking set-status`): forward along received → dispatched → in_progress → closed, or to cancelled while open; anything else is refused (422 on `status`). The driver gets an e-mail in their language and, with an account, the realtime event `direct-booking.updated`. 404 for an unknown reference.',
    auth: 'operator',
    params: DirectBookingParams,
    body: DirectBookingStatusInput,
    response: z.object({ data: OperatorDirectBooking.pick({ reference: true, status: true, history: true }) }),
    handler: async ({ params, body, deps, locale }) => {
      const row = await guard(locale, () => deps.directBookings.setStatus(params.ref, body.status))
      const view = toDirectBooking(row)
      return { body: { data: { reference: view.reference, status: view.status, history: view.history } } }
    },
  }),
]
