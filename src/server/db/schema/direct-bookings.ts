/** Direct booking: road assistance and claims help requests, their status and its history (decision 70). */
import { sql } from 'drizzle-orm'
import { boolean, check, date, doublePrecision, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { DIRECT_BOOKING_KINDS, DIRECT_BOOKING_STATUSES, type DirectBookingStatus } from '../../../contract/direct-booking-constants'
import { at, createdAt, updatedAt } from './common'
import { users } from './accounts'
import { vehicles } from './account-area'

export interface DirectBookingStep {
  status: DirectBookingStatus
  /** ISO 8601 time of the change. */
  at: string
}

export const directBookings = pgTable(
  'direct_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `DB-` and six characters, what the driver and the operator say on the phone. */
    reference: text('reference').notNull().unique(),
    /** The signed-in driver; null for a guest (and once the account is deleted). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    /** Normalised (`B123ABC`): the vehicle's plate, or the one typed. */
    registrationPlate: text('registration_plate').notNull(),
    kind: text('kind', { enum: DIRECT_BOOKING_KINDS }).notNull(),
    status: text('status', { enum: DIRECT_BOOKING_STATUSES }).notNull().default('received'),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    phone: text('phone').notNull(),
    /** A guest's address for the mail; null for a signed-in driver, whose account's address is read at each send. */
    email: text('email'),
    note: text('note'),
    /** The language the request was sent in: a guest's mail uses it. */
    locale: text('locale').notNull(),
    /** The plate's RCA bought here when the request was sent (for the claims help); null when none is known. */
    rcaInsurer: text('rca_insurer'),
    rcaValidUntil: date('rca_valid_until', { mode: 'string' }),
    directSettlement: boolean('direct_settlement'),
    history: jsonb('history').$type<DirectBookingStep[]>().notNull().default([]),
    closedAt: at('closed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('direct_bookings_user').on(t.userId, t.createdAt),
    index('direct_bookings_status').on(t.status, t.createdAt),
    check('direct_bookings_place', sql`${t.address} is not null or (${t.latitude} is not null and ${t.longitude} is not null)`),
  ],
)
