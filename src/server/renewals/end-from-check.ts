import { and, eq } from 'drizzle-orm'
import type { PolicyCheckResult, VehicleEndFromCheck } from '~/contract/policy-check'
import { paperColumn } from '../account-area/vehicles'
import type { Database } from '../db/client'
import { vehicles } from '../db/schema'
import { publiclyCheckedProducts, vehiclePaperOf } from '../products'

/** The vehicle paper the public check answers for (RCA: `rca_valid_until`); none when its products feed none or several. */
function checkedPaper() {
  const papers = [...new Set(publiclyCheckedProducts.map(vehiclePaperOf).filter((p) => p !== undefined))]
  return papers.length === 1 ? paperColumn[papers[0]!] : undefined
}

/**
 * The end date of the public policy check, onto one of the caller's vehicles (decision
 * 160). Only what the public check answers anyone is used (the last day of a policy
 * bought here in force today for that plate, else of the next one bought to start later), and only for a plate of the caller's own account:
 * no buyer, number or order of whoever bought it is read, and the renewal is prepared from the
 * account's own quote, never the buyer's. Written when the vehicle has no date, or when
 * `replace` (the owner confirmed it). Undefined when the plate is not one of the caller's vehicles.
 */
export async function takeEndFromCheck(
  db: Database,
  checks: { check(by: { registration_plate: string; date?: string }, now: Date): Promise<PolicyCheckResult['data']> },
  userId: string,
  input: { registration_plate: string; replace?: boolean | undefined },
  now = new Date(),
): Promise<VehicleEndFromCheck['data'] | undefined> {
  const [vehicle] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.userId, userId), eq(vehicles.registrationPlate, input.registration_plate)))
  if (!vehicle) return undefined
  const column = checkedPaper()
  const plate = vehicle.registrationPlate
  const answer = column ? await checks.check({ registration_plate: plate }, now) : undefined
  // None in force today but one bought for later (from tomorrow, say): its last day, as the check on its first day answers anyone.
  const later = answer && !answer.valid && answer.next ? await checks.check({ registration_plate: plate, date: answer.next.valid_from }, now) : undefined
  const validUntil = answer?.valid ? answer.valid_until : later?.valid ? later.valid_until : null
  const current = column ? vehicle[column] : null
  let taken = false
  if (column && validUntil && validUntil !== current && (input.replace || current === null)) {
    // Written only if unchanged since read: a parallel edit of the form wins.
    const rows = await db
      .update(vehicles)
      .set({ [column]: validUntil, updatedAt: now })
      .where(and(eq(vehicles.id, vehicle.id), current === null ? undefined : eq(vehicles[column], current)))
      .returning({ id: vehicles.id })
    taken = rows.length > 0
  }
  return { vehicle_id: vehicle.id, registration_plate: vehicle.registrationPlate, valid_until: validUntil, vehicle_valid_until: taken ? validUntil : current, taken }
}
