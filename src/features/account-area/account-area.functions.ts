import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { setResponseStatus } from '@tanstack/react-start/server'
import {
  AccountPreferencesEnvelope,
  CalendarFeed,
  DiaryEntryEnvelope,
  DiaryList,
  DiaryStats,
  NoteEnvelope,
  NoteList,
  VehicleEnvelope,
  VehicleList,
} from '~/contract/account-area'
import {
  DiaryEntryEditForm,
  DiaryEntryForm,
  DiaryEntryRef,
  DiaryListRead,
  DiaryStatsRead,
  EmptyForm,
  NoteEditForm,
  NoteForm,
  NoteRef,
  PreferencesForm,
  VehicleEditForm,
  VehicleForm,
  VehicleLookupForm,
  VehicleObjectsPage,
  VehicleRef,
  VehiclesPage,
} from '~/contract/account-area-forms'
import { Done } from '~/contract/auth'
import { RegisteredVehicle } from '~/contract/rca'
import { ProviderError } from '~/server/provider'
import { setPreferenceCookies } from '~/server/web/account-preferences'
import { answerForm, contractInput, formInput, requestFieldSentence } from '~/server/web/forms'
import { callProvider } from '~/server/web/request'
import { signedInOnly } from '~/server/web/signed-in-only'

/**
 * The account area's server functions: every call goes to the provider API with the visitor's
 * bearer, which checks ownership (404 for anything not theirs) and the rules (422 with sentences).
 * Forms are checked with the contract's form schemas (`account-area-forms.ts`, decision 56), with
 * or without JavaScript, before the provider checks them again.
 */
/** Reads for pages: an object that is not the visitor's (404) is null, so the page answers its own 404. */
async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) {
      // A call from the browser learns it too (the access sweep checks it); a page answers its own 404.
      setResponseStatus(404)
      return null
    }
    throw error
  }
}

const id = encodeURIComponent
const page = (value: number | undefined) => value?.toString()

export const listVehicles = createServerFn({ method: 'GET' })
  .middleware([signedInOnly])
  .validator(contractInput(VehiclesPage))
  .handler(({ data }) => callProvider('/vehicles', { query: { page: page(data.page), per_page: '50' }, schema: VehicleList }))

export const getVehicle = createServerFn({ method: 'GET' })
  .middleware([signedInOnly])
  .validator(contractInput(VehicleRef))
  .handler(({ data }) => orNull(async () => (await callProvider(`/vehicles/${id(data.id)}`, { schema: VehicleEnvelope })).data))

export const createVehicle = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator(formInput(VehicleForm))
  .handler(({ data }) => answerForm(data, async (input) => (await callProvider('/vehicles', { method: 'POST', json: input, schema: VehicleEnvelope })).data))

export const updateVehicle = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator(formInput(VehicleEditForm))
  .handler(({ data }) =>
    answerForm(data, async ({ id: vehicleId, ...json }) => (await callProvider(`/vehicles/${encodeURIComponent(vehicleId)}`, { method: 'PATCH', json, schema: VehicleEnvelope })).data),
  )

export const deleteVehicle = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator(formInput(VehicleRef))
  .handler(({ data }) => answerForm(data, (input) => callProvider(`/vehicles/${encodeURIComponent(input.id)}`, { method: 'DELETE', schema: Done }), { done: () => '/account/vehicles' }))

/**
 * The vehicle registry's answer for a plate and VIN typed into the add form (the RCA form's
 * look-up, for the account: `GET /api/v1/vehicles/registry`, limited per address and account). A
 * vehicle the registry does not know, or a registry that does not answer, is an answer too: the
 * visitor types the details in. Posted without JavaScript, the browser comes back to the form
 * with the registry's make, model and type filled in, or with the sentence why not.
 */
export const lookupVehicle = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator(formInput(VehicleLookupForm))
  .handler(({ data }) =>
    answerForm(data, registryAnswer, {
      refill: (answer) =>
        answer.status === 'found'
          ? { values: { registration_plate: answer.vehicle.registration_plate, vin: answer.vehicle.vin, make: answer.vehicle.make, model: answer.vehicle.model, category: answer.vehicle.category } }
          : { fields: { form: [requestFieldSentence(answer.status === 'not_found' ? 'vehicle_lookup_not_found' : 'vehicle_lookup_unavailable')] } },
    }),
  )

async function registryAnswer(input: { registration_plate: string; vin: string }) {
  try {
    const { data: vehicle } = await callProvider('/vehicles/registry', { query: input, schema: z.object({ data: RegisteredVehicle }) })
    return { status: 'found' as const, vehicle: { registration_plate: vehicle.registration_plate, vin: vehicle.vin, make: vehicle.make, model: vehicle.model, category: vehicle.category } }
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return { status: 'not_found' as const }
    if (error instanceof ProviderError && error.status === 503) return { status: 'unavailable' as const }
    throw error
  }
}

// ── Diaries ──

export const listDiary = createServerFn({ method: 'GET' })
  .middleware([signedInOnly])
  .validator(contractInput(DiaryListRead))
  .handler(({ data: { id: vehicleId, page: p, ...filter } }) => orNull(() => callProvider(`/vehicles/${id(vehicleId)}/diaries`, { query: { page: page(p), per_page: '20', ...filter }, schema: DiaryList })))

export const getDiaryStats = createServerFn({ method: 'GET' })
  .middleware([signedInOnly])
  .validator(contractInput(DiaryStatsRead))
  .handler(({ data: { id: vehicleId, ...filter } }) => orNull(async () => (await callProvider(`/vehicles/${id(vehicleId)}/diaries/stats`, { query: filter, schema: DiaryStats })).data))

export const getDiaryEntry = createServerFn({ method: 'GET' })
  .middleware([signedInOnly])
  .validator(contractInput(DiaryEntryRef))
  .handler(({ data }) => orNull(async () => (await callProvider(`/vehicles/${id(data.id)}/diaries/${id(data.diaryId)}`, { schema: DiaryEntryEnvelope })).data))

/** Posted without JavaScript, a saved or deleted entry leads back to the vehicle's diary. */
const toDiary = (vehicleId: string) => `/account/vehicles/${encodeURIComponent(vehicleId)}/diaries`

export const createDiaryEntry = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator(formInput(DiaryEntryForm))
  .handler(({ data }) =>
    answerForm(data, async ({ id: vehicleId, ...json }) => (await callProvider(`/vehicles/${encodeURIComponent(vehicleId)}/diaries`, { method: 'POST', json, schema: DiaryEntryEnvelope })).data, {
      done: (entry) => toDiary(entry.vehicle_id),
    }),
  )

export const updateDiaryEntry = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator(formInput(DiaryEntryEditForm))
  .handler(({ data }) =>
    answerForm(
      data,
      async ({ id: vehicleId, diaryId, ...json }) =>
        (await callProvider(`/vehicles/${encodeURIComponent(vehicleId)}/diaries/${encodeURIComponent(diaryId)}`, { method: 'PATCH', json, schema: DiaryEntryEnvelope })).data,
      { done: (entry) => toDiary(entry.vehicle_id) },
    ),
  )

export const deleteDiaryEntry = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator(formInput(DiaryEntryRef))
  .handler(({ data }) =>
    answerForm(
      data,
      async ({ id: vehicleId, diaryId }) => {
        await callProvider(`/vehicles/${encodeURIComponent(vehicleId)}/diaries/${encodeURIComponent(diaryId)}`, { method: 'DELETE', schema: Done })
        return { vehicleId }
      },
      { done: (deleted) => toDiary(deleted.vehicleId) },
    ),
  )

// ── Notes ──

export const listNotes = createServerFn({ method: 'GET' })
  .middleware([signedInOnly])
  .validator(contractInput(VehicleObjectsPage))
  .handler(({ data }) => orNull(() => callProvider(`/vehicles/${id(data.id)}/notes`, { query: { page: page(data.page), per_page: '20' }, schema: NoteList })))

export const getNote = createServerFn({ method: 'GET' })
  .middleware([signedInOnly])
  .validator(contractInput(NoteRef))
  .handler(({ data }) => orNull(async () => (await callProvider(`/vehicles/${id(data.id)}/notes/${id(data.noteId)}`, { schema: NoteEnvelope })).data))

/** Posted without JavaScript, a new or deleted note leads back to the vehicle's notes. */
const toNotes = (vehicleId: string) => `/account/vehicles/${encodeURIComponent(vehicleId)}/notes`

export const createNote = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator(formInput(NoteForm))
  .handler(({ data }) =>
    answerForm(data, async ({ id: vehicleId, ...json }) => (await callProvider(`/vehicles/${encodeURIComponent(vehicleId)}/notes`, { method: 'POST', json, schema: NoteEnvelope })).data, {
      done: (note) => toNotes(note.vehicle_id),
    }),
  )

export const updateNote = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator(formInput(NoteEditForm))
  .handler(({ data }) =>
    answerForm(
      data,
      async ({ id: vehicleId, noteId, ...json }) =>
        (await callProvider(`/vehicles/${encodeURIComponent(vehicleId)}/notes/${encodeURIComponent(noteId)}`, { method: 'PATCH', json, schema: NoteEnvelope })).data,
    ),
  )

export const deleteNote = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator(formInput(NoteRef))
  .handler(({ data }) =>
    answerForm(
      data,
      async ({ id: vehicleId, noteId }) => {
        await callProvider(`/vehicles/${encodeURIComponent(vehicleId)}/notes/${encodeURIComponent(noteId)}`, { method: 'DELETE', schema: Done })
        return { vehicleId }
      },
      { done: (deleted) => toNotes(deleted.vehicleId) },
    ),
  )

// ── Preferences and calendar ──

export const getCalendarFeed = createServerFn({ method: 'GET' })
  .middleware([signedInOnly])
  .handler(async () => (await callProvider('/calendar-feed', { schema: CalendarFeed })).data)

export const renewCalendarFeed = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator(formInput(EmptyForm))
  .handler(({ data }) => answerForm(data, async () => (await callProvider('/calendar-feed/renew', { method: 'POST', schema: CalendarFeed })).data))

export const getPreferences = createServerFn({ method: 'GET' })
  .middleware([signedInOnly])
  .handler(async () => (await callProvider('/preferences', { schema: AccountPreferencesEnvelope })).data)

/** Saves the preferences and applies language and theme to this browser at once. */
export const updatePreferences = createServerFn({ method: 'POST' })
  .middleware([signedInOnly])
  .validator(formInput(PreferencesForm))
  .handler(({ data }) =>
    answerForm(data, async (input) => {
      const { data: saved } = await callProvider('/preferences', { method: 'PATCH', json: input, schema: AccountPreferencesEnvelope })
      setPreferenceCookies(saved)
      return saved
    }),
  )
