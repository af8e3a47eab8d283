import { today } from '~/contract/iso-date'
import { intlLocale, TIME_ZONE, type Locale } from './locales'

const styles = {
  date: { day: 'numeric', month: 'long', year: 'numeric' },
  shortDate: { day: '2-digit', month: '2-digit', year: 'numeric' },
  dateTime: { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit' },
  month: { month: 'short', year: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>

export type DateStyle = keyof typeof styles

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/
const cache = new Map<string, Intl.DateTimeFormat>()

/**
 * The site's one date formatter, for pages, mails, calendars and documents: always in
 * Europe/Bucharest time (whatever the server's or browser's zone), in the site language's
 * format. Server and browser render the same text. A calendar day (`2026-11-28`) is that day,
 * never the evening before.
 */
export function formatDate(value: Date | string | number, locale: Locale | (string & {}), style: DateStyle = 'date'): string {
  const key = `${locale}:${style}`
  let format = cache.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { ...styles[style], timeZone: TIME_ZONE })
    cache.set(key, format)
  }
  // Noon UTC of a calendar day is the same day in Bucharest.
  return format.format(typeof value === 'string' && CALENDAR_DAY.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value))
}

let yearFormat: Intl.DateTimeFormat | undefined

/**
 * The calendar year in Bucharest (differs from UTC for two hours around New Year). The formatter
 * is made once: building one was 4 % of the server's time on a page (the footer asks every render).
 */
export function yearInBucharest(now: Date = new Date()): number {
  yearFormat ??= new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: TIME_ZONE })
  return Number(yearFormat.format(now))
}

/** Today's calendar date in Bucharest as `YYYY-MM-DD` (the day a policy "tomorrow" counts from). */
export function todayInBucharest(now: Date = new Date()): string {
  return today(now, TIME_ZONE)
}
