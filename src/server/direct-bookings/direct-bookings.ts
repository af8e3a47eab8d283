import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { DirectBooking, DirectBookingInput, OperatorDirectBooking } from '~/contract/direct-booking'
import { FINAL_DIRECT_BOOKING_STATUSES, normalizeReference, type DirectBookingStatus } from '~/contract/direct-booking-constants'
import type { RealtimeEventPayloads } from '~/contract/realtime'
import { isLocale, type Locale } from '~/i18n/locales'
import { FieldRefusal, isUniqueViolation, NotFound } from '../account-area/errors'
import type { Vehicles } from '../account-area/vehicles'
import type { Database, Queryable } from '../db/client'
import { directBookings, users } from '../db/schema'
import { log } from '../log'
import type { Mailer } from '../mail/mailer'
import type { RealtimePublisher } from '../realtime/publisher'
import { rcaCoverOf } from './rca-cover'
import { newReference } from './reference'
import { canMove } from './status'

type BookingRow = typeof directBookings.$inferSelect
type NewBooking = z.output<typeof DirectBookingInput>

export function toDirectBooking(row: BookingRow): DirectBooking {
  return {
    reference: row.reference,
    kind: row.kind,
    status: row.status,
    registration_plate: row.registrationPlate,
    vehicle_id: row.vehicleId,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    email: row.email,
    note: row.note,
    rca: row.rcaValidUntil ? { insurer: row.rcaInsurer, valid_until: row.rcaValidUntil, direct_settlement: row.directSettlement === true } : null,
    history: row.history,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

export interface DirectBookingsDeps {
  db: Database
  vehicles: Vehicles
  mailer: Mailer
  events: Pick<RealtimePublisher, 'publishUserEvent'>
  publicUrl: string
}

/** Who sends a request: a signed-in driver, or a guest with the e-mail they typed. */
export type Requester = { userId: string; locale: Locale } | { userId?: undefined; locale: Locale }

/**
 * Road assistance and claims help requests (decision 70): sent by a driver, moved along by the
 * operator; every move reaches the driver by e-mail (queued with the move, in one transaction)
 * and, for an account, live on its private channel.
 */
export class DirectBookings {
  constructor(private readonly deps: DirectBookingsDeps) {}

  async create(input: NewBooking, requester: Requester, now = new Date()): Promise<BookingRow> {
    const { db } = this.deps
    const guest = !requester.userId
    if (guest && !input.email) throw new FieldRefusal('email', 'booking_email_required')
    let vehicleId: string | null = null
    let plate = input.registration_plate
    if (requester.userId && input.vehicle_id) {
      const vehicle = await this.deps.vehicles.owned(requester.userId, input.vehicle_id).catch((error: unknown) => {
        // Another user's vehicle, or no vehicle: the field is wrong, nothing is revealed.
        if (error instanceof NotFound) throw new FieldRefusal('vehicle_id', 'booking_vehicle_invalid')
        throw error
      })
      vehicleId = vehicle.id
      plate = vehicle.registrationPlate
    }
    // A guest has no vehicles in an account: only the plate counts.
    if (!plate) throw new FieldRefusal('registration_plate', 'booking_plate_required')
    const owner = requester.userId ? await this.ownerOf(db, requester.userId) : undefined
    const cover = await rcaCoverOf(db, plate, { userId: requester.userId, email: guest ? input.email : undefined }, now)

    for (let attempt = 1; ; attempt++) {
      const reference = newReference()
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(directBookings)
            .values({
              reference,
              userId: requester.userId ?? null,
              vehicleId,
              registrationPlate: plate,
              kind: input.kind,
              address: input.address ?? null,
              latitude: input.latitude ?? null,
              longitude: input.longitude ?? null,
              phone: input.phone,
              email: guest ? (input.email ?? null) : null,
              note: input.note ?? null,
              locale: requester.locale,
              rcaInsurer: cover?.insurer ?? null,
              rcaValidUntil: cover?.validUntil ?? null,
              directSettlement: cover ? cover.directSettlement : null,
              history: [{ status: 'received', at: now.toISOString() }],
              createdAt: now,
              updatedAt: now,
            })
            .returning()
          // The reference reaches the driver's mailbox only if the request is kept.
          await this.mail(tx, row!, 'direct-booking-received', owner)
          return row!
        })
      } catch (error) {
        // Two requests drew the same reference: draw again (rare: 29⁶ references).
        if (attempt < 5 && isUniqueViolation(error)) continue
        throw error
      }
    }
  }

  async list(userId: string, paging: { page: number; per_page: number }): Promise<{ rows: BookingRow[]; total: number }> {
    const where = eq(directBookings.userId, userId)
    const [rows, [total]] = await Promise.all([
      this.deps.db
        .select()
        .from(directBookings)
        .where(where)
        .orderBy(desc(directBookings.createdAt), desc(directBookings.id))
        .limit(paging.per_page)
        .offset((paging.page - 1) * paging.per_page),
      this.deps.db.select({ n: count() }).from(directBookings).where(where),
    ])
    return { rows, total: total?.n ?? 0 }
  }

  /** The user's request with this reference; `NotFound` for another user's, a guest's, or a malformed reference. */
  async get(userId: string, reference: string): Promise<BookingRow> {
    const ref = normalizeReference(reference)
    if (!ref) throw new NotFound()
    const [row] = await this.deps.db
      .select()
      .from(directBookings)
      .where(and(eq(directBookings.reference, ref), eq(directBookings.userId, userId)))
    if (!row) throw new NotFound()
    return row
  }

  // Operator calls.

  async operatorList(status: DirectBookingStatus | undefined, limit: number): Promise<OperatorDirectBooking[]> {
    const rows = await this.deps.db
      .select({ booking: directBookings, accountEmail: users.email })
      .from(directBookings)
      .leftJoin(users, eq(users.id, directBookings.userId))
      .where(status ? eq(directBookings.status, status) : undefined)
      .orderBy(desc(directBookings.createdAt), desc(directBookings.id))
      .limit(limit)
    return rows.map(({ booking, accountEmail }) => ({
      ...toDirectBooking(booking),
      contact_email: booking.email ?? accountEmail,
      user_id: booking.userId,
      locale: booking.locale,
    }))
  }

  /**
   * Moves a request to `status` (see `canMove`), records it in the history and queues the mail
   * in the same transaction; then tells the driver's devices (best effort). A move the rules do
   * not allow is refused on `status` and changes nothing.
   */
  async setStatus(reference: string, status: DirectBookingStatus, now = new Date()): Promise<BookingRow> {
    const ref = normalizeReference(reference)
    if (!ref) throw new NotFound()
    const updated = await this.deps.db.transaction(async (tx) => {
      const [current] = await tx.select().from(directBookings).where(eq(directBookings.reference, ref)).for('update')
      if (!current) throw new NotFound()
      if (!canMove(current.status, status)) throw new FieldRefusal('status', 'booking_status_not_allowed')
      const [row] = await tx
        .update(directBookings)
        .set({
          status,
          history: sql`${directBookings.history} || ${JSON.stringify([{ status, at: now.toISOString() }])}::jsonb`,
          updatedAt: now,
          ...(FINAL_DIRECT_BOOKING_STATUSES.includes(status) ? { closedAt: now } : {}),
        })
        .where(eq(directBookings.id, current.id))
        .returning()
      const owner = row!.userId ? await this.ownerOf(tx, row!.userId) : undefined
      await this.mail(tx, row!, 'direct-booking-status', owner)
      return row!
    })
    log.info('direct_booking.status', { reference: updated.reference, status })
    if (updated.userId) {
      const payload: RealtimeEventPayloads['direct-booking.updated'] = { reference: updated.reference, status, registration_plate: updated.registrationPlate, at: now.toISOString() }
      await this.deps.events.publishUserEvent(updated.userId, 'direct-booking.updated', payload)
    }
    return updated
  }

  private async ownerOf(tx: Queryable, userId: string) {
    const [owner] = await tx.select({ email: users.email, firstName: users.firstName, locale: users.locale }).from(users).where(eq(users.id, userId))
    return owner
  }

  /** A driver's mail in their language: the account's address and language, or the guest's as typed. */
  private async mail(tx: Queryable, row: BookingRow, kind: 'direct-booking-received' | 'direct-booking-status', owner: { email: string; firstName: string; locale: string } | undefined): Promise<void> {
    const to = owner?.email ?? row.email
    if (!to) return
    const locale = owner && isLocale(owner.locale) ? owner.locale : isLocale(row.locale) ? row.locale : 'ro'
    // A guest's page cannot show the request (it needs an account); the link leads to the guidance.
    const link = row.userId ? `${this.deps.publicUrl}/directbooking?ref=${row.reference}` : `${this.deps.publicUrl}/directbooking`
    await this.deps.mailer.send(kind, to, locale, { name: owner?.firstName ?? '', reference: row.reference, plate: row.registrationPlate, kind: row.kind, status: row.status, phone: row.phone, link }, { tx })
  }
}
