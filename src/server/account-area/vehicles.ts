import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Vehicle, VehicleInput, VehiclePatch } from '~/contract/account-area'
import { MAX_VEHICLES_PER_ACCOUNT } from '~/contract/account-area-constants'
import type { Database, Queryable } from '../db/client'
import { orderPolicies, orders, users, vehicles } from '../db/schema'
import type { VehiclePaper } from '../products/definition'
import { vehiclePaperOf } from '../products'
import { checkId, FieldRefusal, isUniqueViolation, NotFound } from './errors'

type VehicleRow = typeof vehicles.$inferSelect
type NewVehicle = z.output<typeof VehicleInput>
type VehicleChanges = z.output<typeof VehiclePatch>

export function toVehicle(row: VehicleRow): Vehicle {
  return {
    id: row.id,
    registration_plate: row.registrationPlate,
    vin: row.vin,
    make: row.make,
    model: row.model,
    category: row.category,
    itp_due_date: row.itpDueDate,
    rca_valid_until: row.rcaValidUntil,
    rovinieta_valid_until: row.rovinietaValidUntil,
    hu_vignette_valid_until: row.huVignetteValidUntil,
    renewal_reminders: row.renewalReminders,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

/** A user's vehicles (decision 63): at most 50, one per plate, every read scoped to the owner. */
export class Vehicles {
  constructor(private readonly db: Database) {}

  async list(userId: string, paging: { page: number; per_page: number }): Promise<{ rows: VehicleRow[]; total: number }> {
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(vehicles)
        .where(eq(vehicles.userId, userId))
        .orderBy(asc(vehicles.createdAt), asc(vehicles.id))
        .limit(paging.per_page)
        .offset((paging.page - 1) * paging.per_page),
      this.db.select({ n: count() }).from(vehicles).where(eq(vehicles.userId, userId)),
    ])
    return { rows, total: total?.n ?? 0 }
  }

  /** The vehicle if it is the user's; `NotFound` otherwise. `lock` holds it for the caller's transaction. */
  async owned(userId: string, id: string, tx: Queryable = this.db, lock = false): Promise<VehicleRow> {
    const query = tx
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.id, checkId(id)), eq(vehicles.userId, userId)))
    const [row] = lock ? await query.for('update') : await query
    if (!row) throw new NotFound()
    return row
  }

  async create(userId: string, input: NewVehicle): Promise<VehicleRow> {
    return this.db.transaction(async (tx) => {
      // One creation at a time per account, so two parallel requests cannot make a 51st.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
      const [existing] = await tx.select({ n: count() }).from(vehicles).where(eq(vehicles.userId, userId))
      if ((existing?.n ?? 0) >= MAX_VEHICLES_PER_ACCOUNT) throw new FieldRefusal('registration_plate', 'vehicle_limit')
      await this.checkPlateFree(tx, userId, input.registration_plate)
      const [row] = await tx
        .insert(vehicles)
        .values({ userId, registrationPlate: input.registration_plate, ...columns(input) })
        .returning()
      return row!
    })
  }

  async update(userId: string, id: string, patch: VehicleChanges): Promise<VehicleRow> {
    try {
      return await this.db.transaction(async (tx) => {
        const current = await this.owned(userId, id, tx, true)
        if (patch.registration_plate && patch.registration_plate !== current.registrationPlate) await this.checkPlateFree(tx, userId, patch.registration_plate)
        const [row] = await tx
          .update(vehicles)
          .set({ ...(patch.registration_plate ? { registrationPlate: patch.registration_plate } : {}), ...columns(patch), updatedAt: new Date() })
          .where(eq(vehicles.id, current.id))
          .returning()
        return row!
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw new FieldRefusal('registration_plate', 'vehicle_plate_taken')
      throw error
    }
  }

  /** Removes the vehicle with its diary and notes (cascade); their queued reminders find no note and do nothing. */
  async remove(userId: string, id: string): Promise<void> {
    const current = await this.owned(userId, id)
    await this.db.delete(vehicles).where(eq(vehicles.id, current.id))
  }

  private async checkPlateFree(tx: Queryable, userId: string, plate: string): Promise<void> {
    const [taken] = await tx
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.userId, userId), eq(vehicles.registrationPlate, plate)))
    if (taken) throw new FieldRefusal('registration_plate', 'vehicle_plate_taken')
  }
}

/** The optional columns present in the input (a missing key leaves the column as it is). */
function columns(input: VehicleChanges): Partial<typeof vehicles.$inferInsert> {
  const out: Partial<typeof vehicles.$inferInsert> = {}
  if (input.vin !== undefined) out.vin = input.vin
  if (input.make !== undefined) out.make = input.make
  if (input.model !== undefined) out.model = input.model
  if (input.category !== undefined) out.category = input.category
  if (input.itp_due_date !== undefined) out.itpDueDate = input.itp_due_date
  if (input.rca_valid_until !== undefined) out.rcaValidUntil = input.rca_valid_until
  if (input.renewal_reminders !== undefined) out.renewalReminders = input.renewal_reminders
  return out
}

/** The vehicle's column of each paper a product can feed. */
export const paperColumn = { rca_valid_until: 'rcaValidUntil', rovinieta_valid_until: 'rovinietaValidUntil', hu_vignette_valid_until: 'huVignetteValidUntil' } as const satisfies Record<VehiclePaper, keyof VehicleRow>

async function recordPaper(tx: Queryable, userId: string, plate: string, paper: VehiclePaper, validUntil: string): Promise<boolean> {
  const key = paperColumn[paper]
  const rows = await tx
    .update(vehicles)
    .set({ [key]: validUntil, updatedAt: new Date() })
    // Only ever later: a late-arriving older sale does not shorten what is known.
    .where(and(eq(vehicles.userId, userId), eq(vehicles.registrationPlate, plate), sql`coalesce(${vehicles[key]}, '1900-01-01') < ${validUntil}`))
    .returning({ id: vehicles.id })
  return rows.length > 0
}

/**
 * The papers an issued order brings up to date on its owner's vehicle of the same plate (its
 * product says which: RCA, rovinietă, Hungarian vignette), valid to the policy's last day. Run in
 * the transaction that marks the order issued; an order without an account or a product without
 * a paper changes nothing.
 */
export async function recordVehiclePapers(tx: Queryable, orderId: string): Promise<number> {
  const rows = await tx
    .select({ userId: orders.userId, product: orders.product, plate: orderPolicies.registrationPlate, endDate: orderPolicies.endDate })
    .from(orderPolicies)
    .innerJoin(orders, eq(orders.id, orderPolicies.orderId))
    .where(and(eq(orderPolicies.orderId, orderId), eq(orderPolicies.status, 'issued')))
  let recorded = 0
  for (const row of rows) {
    const paper = vehiclePaperOf(row.product)
    if (paper && row.userId && row.plate && row.endDate && (await recordPaper(tx, row.userId, row.plate, paper, row.endDate))) recorded++
  }
  return recorded
}
