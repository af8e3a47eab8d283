import { and, asc, count, desc, eq, gt, gte, lt, lte, ne, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { DiaryEntry, DiaryEntryInput, DiaryEntryPatch, DiaryFilter } from '~/contract/account-area'
import type { Database, Queryable } from '../db/client'
import { diaryEntries } from '../db/schema'
import { diaryCsv } from './diary-csv'
import { diaryStats } from './diary-stats'
import { checkId, FieldRefusal, NotFound } from './errors'
import type { Vehicles } from './vehicles'

type EntryRow = typeof diaryEntries.$inferSelect
type NewEntry = z.output<typeof DiaryEntryInput>
type EntryChanges = z.output<typeof DiaryEntryPatch>

export function toDiaryEntry(row: EntryRow): DiaryEntry {
  return {
    id: row.id,
    vehicle_id: row.vehicleId,
    date: row.date,
    odometer_km: row.odometerKm,
    category: row.category,
    amount: row.amount,
    currency: 'RON',
    litres: row.centilitres === null ? null : row.centilitres / 100,
    full_tank: row.fullTank,
    place: row.place,
    note: row.note,
    created_at: row.createdAt.toISOString(),
  }
}

const toCentilitres = (litres: number | null | undefined) => (litres === undefined ? undefined : litres === null ? null : Math.round(litres * 100))

/**
 * A vehicle's logbook of costs. Every call goes through the vehicle's owner first; writes lock
 * the vehicle row so that the odometer check and the write see the same entries.
 */
export class Diaries {
  constructor(
    private readonly db: Database,
    private readonly vehicles: Vehicles,
  ) {}

  async list(userId: string, vehicleId: string, filter: DiaryFilter, paging: { page: number; per_page: number }): Promise<{ rows: EntryRow[]; total: number }> {
    const vehicle = await this.vehicles.owned(userId, vehicleId)
    const where = and(...conditions(vehicle.id, filter))
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(diaryEntries)
        .where(where)
        .orderBy(desc(diaryEntries.date), desc(diaryEntries.odometerKm), desc(diaryEntries.createdAt))
        .limit(paging.per_page)
        .offset((paging.page - 1) * paging.per_page),
      this.db.select({ n: count() }).from(diaryEntries).where(where),
    ])
    return { rows, total: total?.n ?? 0 }
  }

  async get(userId: string, vehicleId: string, entryId: string): Promise<EntryRow> {
    const vehicle = await this.vehicles.owned(userId, vehicleId)
    return this.entryOf(this.db, vehicle.id, entryId)
  }

  async create(userId: string, vehicleId: string, input: NewEntry): Promise<EntryRow> {
    return this.db.transaction(async (tx) => {
      const vehicle = await this.vehicles.owned(userId, vehicleId, tx, true)
      await checkOdometer(tx, vehicle.id, input.date, input.odometer_km ?? null)
      const [row] = await tx
        .insert(diaryEntries)
        .values({
          vehicleId: vehicle.id,
          date: input.date,
          odometerKm: input.odometer_km ?? null,
          category: input.category,
          amount: input.amount,
          centilitres: toCentilitres(input.litres) ?? null,
          fullTank: input.full_tank ?? false,
          place: input.place ?? null,
          note: input.note ?? null,
        })
        .returning()
      return row!
    })
  }

  async update(userId: string, vehicleId: string, entryId: string, patch: EntryChanges): Promise<EntryRow> {
    return this.db.transaction(async (tx) => {
      const vehicle = await this.vehicles.owned(userId, vehicleId, tx, true)
      const current = await this.entryOf(tx, vehicle.id, entryId)
      const date = patch.date ?? current.date
      const odometer = patch.odometer_km === undefined ? current.odometerKm : patch.odometer_km
      if (date !== current.date || odometer !== current.odometerKm) await checkOdometer(tx, vehicle.id, date, odometer, current.id)
      const set: Partial<typeof diaryEntries.$inferInsert> = { date, odometerKm: odometer, updatedAt: new Date() }
      if (patch.category !== undefined) set.category = patch.category
      if (patch.amount !== undefined) set.amount = patch.amount
      if (patch.litres !== undefined) set.centilitres = toCentilitres(patch.litres)
      if (patch.full_tank !== undefined) set.fullTank = patch.full_tank
      if (patch.place !== undefined) set.place = patch.place
      if (patch.note !== undefined) set.note = patch.note
      const [row] = await tx.update(diaryEntries).set(set).where(eq(diaryEntries.id, current.id)).returning()
      return row!
    })
  }

  async remove(userId: string, vehicleId: string, entryId: string): Promise<void> {
    const entry = await this.get(userId, vehicleId, entryId)
    await this.db.delete(diaryEntries).where(eq(diaryEntries.id, entry.id))
  }

  async stats(userId: string, vehicleId: string, filter: DiaryFilter) {
    return diaryStats(await this.all(userId, vehicleId, filter))
  }

  async csv(userId: string, vehicleId: string, filter: DiaryFilter): Promise<string> {
    return diaryCsv((await this.all(userId, vehicleId, filter)).map(toDiaryEntry))
  }

  /** Every entry of the filter, oldest first (a vehicle's diary is small: a few thousand rows at most). */
  private async all(userId: string, vehicleId: string, filter: DiaryFilter): Promise<EntryRow[]> {
    const vehicle = await this.vehicles.owned(userId, vehicleId)
    return this.db
      .select()
      .from(diaryEntries)
      .where(and(...conditions(vehicle.id, filter)))
      .orderBy(asc(diaryEntries.date), asc(diaryEntries.odometerKm), asc(diaryEntries.createdAt))
  }

  private async entryOf(tx: Queryable, vehicleId: string, entryId: string): Promise<EntryRow> {
    const [row] = await tx
      .select()
      .from(diaryEntries)
      .where(and(eq(diaryEntries.id, checkId(entryId)), eq(diaryEntries.vehicleId, vehicleId)))
    if (!row) throw new NotFound()
    return row
  }
}

function conditions(vehicleId: string, filter: DiaryFilter): SQL[] {
  const out = [eq(diaryEntries.vehicleId, vehicleId)]
  if (filter.from) out.push(gte(diaryEntries.date, filter.from))
  if (filter.to) out.push(lte(diaryEntries.date, filter.to))
  if (filter.category) out.push(eq(diaryEntries.category, filter.category))
  return out
}

/**
 * An odometer only goes up with time: a reading lower than one of an earlier date, or higher
 * than one of a later date, is refused. Entries of the same day may come in any order.
 */
async function checkOdometer(tx: Queryable, vehicleId: string, date: string, odometerKm: number | null, exceptId?: string): Promise<void> {
  if (odometerKm === null) return
  const others = (extra: SQL) => and(eq(diaryEntries.vehicleId, vehicleId), extra, ...(exceptId ? [ne(diaryEntries.id, exceptId)] : []))
  const [earlierHigher] = await tx
    .select({ id: diaryEntries.id })
    .from(diaryEntries)
    .where(others(and(lt(diaryEntries.date, date), gt(diaryEntries.odometerKm, odometerKm))!))
    .limit(1)
  const [laterLower] = await tx
    .select({ id: diaryEntries.id })
    .from(diaryEntries)
    .where(others(and(gt(diaryEntries.date, date), lt(diaryEntries.odometerKm, odometerKm))!))
    .limit(1)
  if (earlierHigher || laterLower) throw new FieldRefusal('odometer_km', 'diary_odometer_backwards')
}
