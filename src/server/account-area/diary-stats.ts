import type { DiaryStats } from '~/contract/account-area'

/** What the stats need of an entry. */
export interface StatsEntry {
  date: string
  odometerKm: number | null
  category: string
  amount: number
  centilitres: number | null
  fullTank: boolean
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits

/**
 * Costs per month and category, cost per km and fuel consumption of a set of entries.
 *
 * Consumption uses the full-tank method: between two full fills the car burnt exactly what the
 * second fill (and any partial fills in between) put back, over the distance between the two
 * readings. Fills before the first full one measure nothing and are left out.
 */
export function diaryStats(entries: readonly StatsEntry[]): DiaryStats {
  const months = new Map<string, { total: number; by_category: Record<string, number> }>()
  let total = 0
  let minKm: number | undefined
  let maxKm: number | undefined
  for (const e of entries) {
    const month = e.date.slice(0, 7)
    const bucket = months.get(month) ?? { total: 0, by_category: {} }
    bucket.total += e.amount
    bucket.by_category[e.category] = (bucket.by_category[e.category] ?? 0) + e.amount
    months.set(month, bucket)
    total += e.amount
    if (e.odometerKm !== null) {
      minKm = Math.min(minKm ?? e.odometerKm, e.odometerKm)
      maxKm = Math.max(maxKm ?? e.odometerKm, e.odometerKm)
    }
  }
  const distance = minKm !== undefined && maxKm !== undefined && maxKm > minKm ? maxKm - minKm : null

  const fuel = entries
    .filter((e) => e.category === 'fuel' && e.centilitres !== null)
    .slice()
    .sort((a, b) => a.date.localeCompare(b.date) || (a.odometerKm ?? 0) - (b.odometerKm ?? 0))
  const fills: DiaryStats['fills'] = []
  let lastFull: StatsEntry | undefined
  let centilitresSince = 0
  for (const e of fuel) {
    if (!lastFull) {
      if (e.fullTank && e.odometerKm !== null) lastFull = e
      continue
    }
    centilitresSince += e.centilitres ?? 0
    if (!e.fullTank) continue
    if (e.odometerKm === null) {
      // A full fill without a reading ends the stretch without measuring it.
      lastFull = undefined
      centilitresSince = 0
      continue
    }
    const km = e.odometerKm - (lastFull.odometerKm ?? 0)
    if (km > 0) {
      const litres = centilitresSince / 100
      fills.push({ date: e.date, odometer_km: e.odometerKm, distance_km: km, litres: round(litres, 2), l_per_100km: round((litres / km) * 100, 2) })
    }
    lastFull = e
    centilitresSince = 0
  }
  const measuredKm = fills.reduce((s, f) => s + f.distance_km, 0)
  const measuredLitres = fills.reduce((s, f) => s + f.litres, 0)

  return {
    currency: 'RON',
    months: [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, v]) => ({ month, ...v })),
    total_amount: total,
    distance_km: distance,
    cost_per_km: distance ? round(total / distance, 2) : null,
    consumption_l_per_100km: measuredKm > 0 ? round((measuredLitres / measuredKm) * 100, 2) : null,
    fills,
  }
}
