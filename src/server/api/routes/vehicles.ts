import { z } from 'zod'
import {
  DiaryEntryEnvelope,
  DiaryEntryInput,
  DiaryEntryPatch,
  DiaryFilter,
  DiaryList,
  DiaryListQuery,
  DiaryParams,
  DiaryStats,
  NoteEnvelope,
  NoteInput,
  NoteList,
  NoteParams,
  NotePatch,
  PageQuery,
  pageOf,
  VehicleEnvelope,
  VehicleInput,
  VehicleList,
  VehicleParams,
  VehiclePatch,
} from '~/contract/account-area'
import { Done } from '~/contract/auth'
import { VehicleEndFromCheck, VehicleEndFromCheckInput } from '~/contract/policy-check'
import { RegisteredVehicle } from '~/contract/rca'
import type { Locale } from '~/i18n/locales'
import { FieldRefusal, NotFound } from '../../account-area'
import { toDiaryEntry } from '../../account-area/diaries'
import { toNote } from '../../account-area/notes'
import { toVehicle } from '../../account-area/vehicles'
import { takeEndFromCheck } from '../../renewals/end-from-check'
import { ApiError } from '../errors'
import { fieldSentence } from '../../i18n'
import { defineRoute, signedIn } from '../route'
import { lookUpRegistry, RegistryLookupQuery } from './quotes'

/** The account area's refusals as API answers: not the caller's → 404, a broken rule → 422 with the field's sentence. */
export async function guard<T>(locale: Locale, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof NotFound) throw new ApiError(404, 'not_found')
    if (error instanceof FieldRefusal) throw new ApiError(422, 'validation_failed', { [error.field]: [fieldSentence(locale, error.key)] })
    throw error
  }
}

const tag = 'vehicles'
const ownership = 'Another user’s vehicle, or an id that does not exist, answers 404.'

/** A user's vehicles with their diaries (costs) and notes (decision 63). */
export const vehicleRoutes = [
  defineRoute({
    method: 'GET',
    path: '/vehicles',
    tag,
    summary: 'The signed-in user’s vehicles, oldest first, paged (`page`, `per_page` ≤ 100).',
    auth: 'user',
    query: PageQuery,
    response: VehicleList,
    handler: async ({ account, deps, query }) => {
      const paging = pageOf(query)
      const { rows, total } = await deps.accountArea.vehicles.list(signedIn(account).user.id, paging)
      return { body: { data: rows.map(toVehicle), meta: { total, ...paging } } }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/vehicles',
    tag,
    summary: 'Adds a vehicle. The plate is stored without spaces, upper case, and must be unique within the account; at most 50 vehicles per account (422 otherwise, nothing added).',
    auth: 'user',
    body: VehicleInput,
    response: VehicleEnvelope,
    status: 201,
    handler: async ({ account, deps, body, locale }) => ({ body: { data: toVehicle(await guard(locale, () => deps.accountArea.vehicles.create(signedIn(account).user.id, body))) } }),
  }),
  defineRoute({
    method: 'GET',
    path: '/vehicles/registry',
    tag,
    summary:
      'The vehicle registry’s record for a plate and VIN (make, model, category and the other certificate fields), to fill in a vehicle before `POST /vehicles`: the look-up of `GET /vehicles/lookup`, for the signed-in user. 404 `vehicle_not_found` when the registry does not know it (the details are typed in), 503 when it does not answer; limited per address and per account (`VEHICLE_LOOKUP_RATE_LIMIT` each, shared with `GET /vehicles/lookup`).',
    auth: 'user',
    query: RegistryLookupQuery,
    response: z.object({ data: RegisteredVehicle }),
    handler: async ({ account, deps, query, clientIp }) => ({ body: { data: await lookUpRegistry(deps, query, clientIp, signedIn(account).user.id) } }),
  }),
  defineRoute({
    method: 'GET',
    path: '/vehicles/{id}',
    tag,
    summary: `One vehicle with its papers’ end dates when known. ${ownership}`,
    auth: 'user',
    params: VehicleParams,
    response: VehicleEnvelope,
    handler: async ({ account, deps, params, locale }) => ({ body: { data: toVehicle(await guard(locale, () => deps.accountArea.vehicles.owned(signedIn(account).user.id, params.id))) } }),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/vehicles/{id}',
    tag,
    summary: `Changes the fields sent (a missing field stays, null clears it). ${ownership}`,
    auth: 'user',
    params: VehicleParams,
    body: VehiclePatch,
    response: VehicleEnvelope,
    handler: async ({ account, deps, params, body, locale }) => ({
      body: { data: toVehicle(await guard(locale, () => deps.accountArea.vehicles.update(signedIn(account).user.id, params.id, body))) },
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/vehicles/policy-check',
    tag,
    summary:
      'The public policy check of one of the caller’s vehicles, by its plate, today: the last day of the policy bought here in force (only what `GET /policies/check` answers anyone). It becomes the vehicle’s RCA last day when the vehicle has none, or when `replace` is true, so its renewal is prepared. 404 when the plate is not one of the caller’s vehicles; 30 per minute per account.',
    auth: 'user',
    body: VehicleEndFromCheckInput,
    response: VehicleEndFromCheck,
    handler: async ({ account, deps, body }) => {
      const userId = signedIn(account).user.id
      const verdict = await deps.limiter.hit({ key: `policy-check:user:${userId}`, max: 30, windowMs: 60_000 })
      if (!verdict.allowed) throw new ApiError(429, 'too_many_requests', undefined, { 'retry-after': String(verdict.retryAfterS) })
      const found = await takeEndFromCheck(deps.database.db, deps.policyChecks, userId, body)
      if (!found) throw new ApiError(404, 'not_found')
      return { body: { data: found } }
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/vehicles/{id}',
    tag,
    summary: `Removes the vehicle together with its whole diary and all its notes (their reminders are not sent). ${ownership}`,
    auth: 'user',
    params: VehicleParams,
    response: Done,
    handler: async ({ account, deps, params, locale }) => {
      await guard(locale, () => deps.accountArea.vehicles.remove(signedIn(account).user.id, params.id))
      return { body: { ok: true as const } }
    },
  }),

  // ── Diaries ──
  defineRoute({
    method: 'GET',
    path: '/vehicles/{id}/diaries',
    tag,
    summary: `The vehicle’s diary, newest first, paged, filtered by period (\`from\`, \`to\`, inclusive dates) and \`category\`. Amounts are bani (RON). ${ownership}`,
    auth: 'user',
    params: VehicleParams,
    query: DiaryListQuery,
    response: DiaryList,
    handler: async ({ account, deps, params, query, locale }) => {
      const paging = pageOf(query)
      const { rows, total } = await guard(locale, () => deps.accountArea.diaries.list(signedIn(account).user.id, params.id, query, paging))
      return { body: { data: rows.map(toDiaryEntry), meta: { total, ...paging } } }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/vehicles/{id}/diaries',
    tag,
    summary: `Adds a diary entry. \`amount\` is an integer of bani ≥ 0; an odometer reading lower than an earlier-dated entry’s or higher than a later one’s is refused (422, nothing added). ${ownership}`,
    auth: 'user',
    params: VehicleParams,
    body: DiaryEntryInput,
    response: DiaryEntryEnvelope,
    status: 201,
    handler: async ({ account, deps, params, body, locale }) => ({
      body: { data: toDiaryEntry(await guard(locale, () => deps.accountArea.diaries.create(signedIn(account).user.id, params.id, body))) },
    }),
  }),
  defineRoute({
    method: 'GET',
    path: '/vehicles/{id}/diaries/stats',
    tag,
    summary: `Costs per month and category, cost per km and fuel consumption (l/100 km, between full-tank fills) of the diary, for the same filters as the list. ${ownership}`,
    auth: 'user',
    params: VehicleParams,
    query: DiaryFilter,
    response: DiaryStats,
    handler: async ({ account, deps, params, query, locale }) => ({ body: { data: await guard(locale, () => deps.accountArea.diaries.stats(signedIn(account).user.id, params.id, query)) } }),
  }),
  defineRoute({
    method: 'GET',
    path: '/vehicles/{id}/diaries.csv',
    tag,
    summary: `The diary as CSV (UTF-8, comma-separated, amounts in lei), for the same filters as the list. ${ownership}`,
    auth: 'user',
    params: VehicleParams,
    query: DiaryFilter,
    response: z.string(),
    handler: async ({ account, deps, params, query, locale }) => {
      const vehicle = await guard(locale, () => deps.accountArea.vehicles.owned(signedIn(account).user.id, params.id))
      const csv = await deps.accountArea.diaries.csv(signedIn(account).user.id, vehicle.id, query)
      return { body: csv, headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="diary-${vehicle.registrationPlate}.csv"` } }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/vehicles/{id}/diaries/{diaryId}',
    tag,
    summary: `One diary entry. ${ownership}`,
    auth: 'user',
    params: DiaryParams,
    response: DiaryEntryEnvelope,
    handler: async ({ account, deps, params, locale }) => ({
      body: { data: toDiaryEntry(await guard(locale, () => deps.accountArea.diaries.get(signedIn(account).user.id, params.id, params.diaryId))) },
    }),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/vehicles/{id}/diaries/{diaryId}',
    tag,
    summary: `Changes the fields sent; the same rules as adding. ${ownership}`,
    auth: 'user',
    params: DiaryParams,
    body: DiaryEntryPatch,
    response: DiaryEntryEnvelope,
    handler: async ({ account, deps, params, body, locale }) => ({
      body: { data: toDiaryEntry(await guard(locale, () => deps.accountArea.diaries.update(signedIn(account).user.id, params.id, params.diaryId, body))) },
    }),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/vehicles/{id}/diaries/{diaryId}',
    tag,
    summary: `Removes a diary entry. ${ownership}`,
    auth: 'user',
    params: DiaryParams,
    response: Done,
    handler: async ({ account, deps, params, locale }) => {
      await guard(locale, () => deps.accountArea.diaries.remove(signedIn(account).user.id, params.id, params.diaryId))
      return { body: { ok: true as const } }
    },
  }),

  // ── Notes ──
  defineRoute({
    method: 'GET',
    path: '/vehicles/{id}/notes',
    tag,
    summary: `The vehicle’s notes, pinned first, then the most recently changed, paged. ${ownership}`,
    auth: 'user',
    params: VehicleParams,
    query: PageQuery,
    response: NoteList,
    handler: async ({ account, deps, params, query, locale }) => {
      const paging = pageOf(query)
      const { rows, total } = await guard(locale, () => deps.accountArea.notes.list(signedIn(account).user.id, params.id, paging))
      return { body: { data: rows.map(toNote), meta: { total, ...paging } } }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/vehicles/{id}/notes',
    tag,
    summary: `Adds a note: plain text up to 10 000 characters. A \`remind_at\` in the future sends an e-mail and a notification at that time, once (as the preferences route them). ${ownership}`,
    auth: 'user',
    params: VehicleParams,
    body: NoteInput,
    response: NoteEnvelope,
    status: 201,
    handler: async ({ account, deps, params, body, locale }) => ({ body: { data: toNote(await guard(locale, () => deps.accountArea.notes.create(signedIn(account).user.id, params.id, body))) } }),
  }),
  defineRoute({
    method: 'GET',
    path: '/vehicles/{id}/notes/{noteId}',
    tag,
    summary: `One note. ${ownership}`,
    auth: 'user',
    params: NoteParams,
    response: NoteEnvelope,
    handler: async ({ account, deps, params, locale }) => ({ body: { data: toNote(await guard(locale, () => deps.accountArea.notes.get(signedIn(account).user.id, params.id, params.noteId))) } }),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/vehicles/{id}/notes/{noteId}',
    tag,
    summary: `Changes the fields sent. A new \`remind_at\` replaces the reminder (sent again at the new time); null removes it. ${ownership}`,
    auth: 'user',
    params: NoteParams,
    body: NotePatch,
    response: NoteEnvelope,
    handler: async ({ account, deps, params, body, locale }) => ({
      body: { data: toNote(await guard(locale, () => deps.accountArea.notes.update(signedIn(account).user.id, params.id, params.noteId, body))) },
    }),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/vehicles/{id}/notes/{noteId}',
    tag,
    summary: `Removes a note and its reminder. ${ownership}`,
    auth: 'user',
    params: NoteParams,
    response: Done,
    handler: async ({ account, deps, params, locale }) => {
      await guard(locale, () => deps.accountArea.notes.remove(signedIn(account).user.id, params.id, params.noteId))
      return { body: { ok: true as const } }
    },
  }),
]
