/**
 * Calendar arithmetic on `YYYY-MM-DD` strings (no time, no zone): policy periods, birth dates and
 * ages are calendar facts, so they are computed on dates, never on instants. Zod-free.
 */

/** The site's time zone: policy dates, deadlines and "today" are Bucharest's. */
export const TIME_ZONE = 'Europe/Bucharest'

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar date written `YYYY-MM-DD` (rejects 2025-02-30). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(y, mo - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
}

function parts(value: string): [number, number, number] {
  const [y = 0, m = 1, d = 1] = value.split('-').map(Number)
  return [y, m, d]
}

function format(date: Date): string {
  return date.toISOString().slice(0, 10)
}

export function addDays(value: string, days: number): string {
  const [y, m, d] = parts(value)
  return format(new Date(Date.UTC(y, m - 1, d + days)))
}

/** Same day-number `months` later, clamped to the month's last day (31 Jan + 1 month → 28/29 Feb). */
export function addMonths(value: string, months: number): string {
  const [y, m, d] = parts(value)
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate()
  return format(new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))))
}

/**
 * The last day of a period of `months` whole months starting on `start` (day D): the day before
 * day D of the month `months` later, or that month's last day when it has no day D. So 12 months
 * from 1 March end on 28/29 February, 12 months from 29 February 2028 on 28 February 2029, and one
 * month from 28 January ends 27 February while from 29 (2027), 30 or 31 January it ends on the last
 * day of February. Every product sold by the month uses it (RCA, house, annual travel, the
 * 12-month rovinietă), so they all agree.
 */
export function periodLastDay(start: string, months: number): string {
  const [y, m, d] = parts(start)
  const daysInTarget = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate()
  if (d > daysInTarget) return format(new Date(Date.UTC(y, m - 1 + months, daysInTarget)))
  return format(new Date(Date.UTC(y, m - 1 + months, d - 1)))
}

/** Whole years from `from` to `to` (an age on a date); a 29 February birthday counts on 1 March. */
export function wholeYearsBetween(from: string, to: string): number {
  const [fy, fm, fd] = parts(from)
  const [ty, tm, td] = parts(to)
  return ty - fy - (tm < fm || (tm === fm && td < fd) ? 1 : 0)
}

/** Days from `from` to `to` (negative if `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [fy, fm, fd] = parts(from)
  const [ty, tm, td] = parts(to)
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / 86_400_000)
}

/** One formatter per zone: building one costs far more than using it, and a quote request asks for today several times. */
const dayFormatters = new Map<string, Intl.DateTimeFormat>()

/** The date it is at `now` in `timeZone` (Europe/Bucharest unless told). */
export function today(now: Date = new Date(), timeZone: string = TIME_ZONE): string {
  let formatter = dayFormatters.get(timeZone)
  if (!formatter) dayFormatters.set(timeZone, (formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })))
  return formatter.format(now)
}

/**
 * The instant a wall-clock time in `timeZone` happens (e.g. 24:00 of a day in Budapest is
 * `zonedInstant(addDays(day, 1), '00:00', 'Europe/Budapest')`).
 */
export function zonedInstant(date: string, time: string, timeZone: string = TIME_ZONE): Date {
  const [h, min] = time.split(':').map(Number) as [number, number]
  const guess = new Date(`${date}T${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}:00Z`)
  // Two passes settle daylight-saving edges: the zone's offset at the guess, then at the result.
  let instant = guess
  for (let i = 0; i < 2; i++) instant = new Date(guess.getTime() - zoneOffsetMs(instant, timeZone))
  return instant
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>()

/** The wall-clock date and time at an instant in `timeZone` (Europe/Bucharest unless told), as numbers. */
export function wallClock(at: Date, timeZone: string = TIME_ZONE): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  let formatter = clockFormatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
    clockFormatters.set(timeZone, formatter)
  }
  const parts = formatter.formatToParts(at)
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value)
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') }
}

/** An instant as a `datetime-local` value (`2026-11-25T09:30`) of its wall-clock time in `timeZone`. */
export function wallClockInput(at: Date, timeZone: string = TIME_ZONE): string {
  const c = wallClock(at, timeZone)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${c.year}-${two(c.month)}-${two(c.day)}T${two(c.hour)}:${two(c.minute)}`
}

/** How far `timeZone`'s clock is ahead of UTC at an instant, in milliseconds. */
export function zoneOffsetMs(at: Date, timeZone: string = TIME_ZONE): number {
  const c = wallClock(at, timeZone)
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(at.getTime() / 1000) * 1000
}
