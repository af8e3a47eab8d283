import { createHash, createHmac, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import ical, { ICalAlarmType, ICalCalendarMethod } from 'ical-generator'
import { isLocale, type Locale } from '~/i18n/locales'
import type { Database, Queryable } from '../db/client'
import { calendarFeeds, users, vehicles } from '../db/schema'
import { i18nFor } from '../i18n'
import { vehiclePapers } from '../products'
import type { Notes } from './notes'
import { paperColumn } from './vehicles'

/** One deadline of an account: a day (papers, ITP) or a moment (a note's reminder). */
export interface Deadline {
  /** Stable across feeds, so calendars update an event instead of adding another: `itp-<vehicle id>`. */
  uid: string
  /** `itp`, `note`, `policy`, `vignette`, or the calendar kind of a vehicle paper a product feeds (`rca`). */
  kind: string
  /** `YYYY-MM-DD` for a whole day, or an ISO time. */
  date: string
  allDay: boolean
  title: string
  /** A page of the site about it. */
  path: string
  /** Days before an all-day deadline at which calendars remind (a week by default); end reminders' days for what renews here. */
  alarmDays?: readonly number[]
}

/** More deadlines for an account (policies and vignettes sold here add theirs): `calendar.addSource(...)`. */
export type DeadlineSource = (userId: string, locale: Locale) => Promise<Deadline[]>

/**
 * How the deadline of a vehicle paper that renews here (the RCA) is shown: left out when its
 * reminders stopped (keys `<vehicle id>:<field>`), with the end reminders' alarm days otherwise.
 */
export interface RenewingPapers {
  fields: readonly string[]
  alarmDays: readonly number[]
  stopped(userId: string): Promise<Set<string>>
}

/** A deadline's title: what ends ("RCA policy ends"), then which plate or number. */
export function deadlineTitle(locale: Locale, what: MessageDescriptor, which: string): string {
  const i18n = i18nFor(locale)
  const ends = i18n._(what)
  return i18n._(msg({ message: `${ends}: ${which}`, context: 'calendar event' }))
}

const reminderTitle = (plate: string, title: string) => msg`Reminder ${plate}: ${title}`

// The vehicle papers' kinds come from the products that feed them.
const UID = new RegExp(`^(${['itp', 'note', 'policy', 'vignette', ...vehiclePapers.map((paper) => paper.calendarKind)].join('|')})-[0-9a-z-]{1,64}$`)
const TOKEN = /^[A-Za-z0-9_-]{43}$/

export interface CalendarDeps {
  db: Database
  notes: Notes
  secret: string
  publicUrl: string
  brand: string
}

/**
 * Each account's private iCalendar feed (decision 64). The URL's token is an HMAC of the
 * account and a random salt under the server's secret: it can be shown again without being
 * stored, the table keeps only its SHA-256 for the lookup, and a new salt (renew) makes every
 * earlier URL fail.
 */
export class Calendar {
  private readonly sources: DeadlineSource[] = []
  private renewing: RenewingPapers | undefined

  constructor(private readonly deps: CalendarDeps) {
    this.sources.push((userId, locale) => this.vehicleDeadlines(userId, locale))
  }

  addSource(source: DeadlineSource): void {
    this.sources.push(source)
  }

  /** The papers whose end reminders are the renewals' (decision 160). */
  setRenewingPapers(papers: RenewingPapers): void {
    this.renewing = papers
  }

  /** The feed's URL, made on first use. */
  async url(userId: string): Promise<string> {
    const [feed] = await this.deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId))
    return this.urlOf(userId, feed?.salt ?? (await this.renewSalt(userId, false)))
  }

  /** A new URL; the old one answers 404 from now on. */
  async renew(userId: string): Promise<string> {
    return this.urlOf(userId, await this.renewSalt(userId, true))
  }

  /** The owner of a feed token, or undefined. */
  async ownerOf(token: string): Promise<string | undefined> {
    if (!TOKEN.test(token)) return undefined
    const [feed] = await this.deps.db.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq(calendarFeeds.tokenHash, hash(token)))
    return feed?.userId
  }

  /** Every deadline of the account from every source, soonest first. */
  async deadlinesFor(userId: string): Promise<Deadline[]> {
    const locale = await this.localeOf(userId)
    const all = (await Promise.all(this.sources.map((source) => source(userId, locale)))).flat()
    return all.sort((a, b) => a.date.localeCompare(b.date))
  }

  /** The feed (all deadlines), or one deadline as a file to import (`uid`). Undefined when that deadline does not exist. */
  async ics(userId: string, uid?: string): Promise<string | undefined> {
    if (uid !== undefined && !UID.test(uid)) return undefined
    const locale = await this.localeOf(userId)
    const deadlines = (await this.deadlinesFor(userId)).filter((d) => uid === undefined || d.uid === uid)
    if (uid !== undefined && deadlines.length === 0) return undefined
    const host = new URL(this.deps.publicUrl).host
    const calendar = ical({
      name: `${this.deps.brand} · ${i18nFor(locale)._(msg`Vehicle deadlines`)}`,
      prodId: { company: this.deps.brand, product: 'deadlines', language: locale.toUpperCase() },
      // No calendar time zone: ical-generator would write a JS Date's server-local clock with
      // neither Z nor TZID (a floating time). Without one, every instant is UTC with Z and
      // calendars show it in their own zone (decision 102).
      ttl: 60 * 60 * 6,
      ...(uid === undefined ? {} : { method: ICalCalendarMethod.PUBLISH }),
    })
    for (const d of deadlines) {
      const start = d.allDay ? dateOnly(d.date) : new Date(d.date)
      calendar.createEvent({
        id: `${d.uid}@${host}`,
        start,
        end: d.allDay ? undefined : new Date(start.getTime() + 15 * 60_000),
        allDay: d.allDay,
        summary: d.title,
        url: `${this.deps.publicUrl}${d.path}`,
        // All-day deadlines wake the user a week before; timed reminders at their time.
        alarms: (d.allDay ? (d.alarmDays ?? [7]) : [0]).map((days) => ({ type: ICalAlarmType.display, triggerBefore: days * 24 * 3600, description: d.title })),
      })
    }
    return calendar.toString()
  }

  private async vehicleDeadlines(userId: string, locale: Locale): Promise<Deadline[]> {
    const i18n = i18nFor(locale)
    const rows = await this.deps.db.select().from(vehicles).where(eq(vehicles.userId, userId))
    const renewing = this.renewing
    const stopped = renewing && rows.length > 0 ? await renewing.stopped(userId) : new Set<string>()
    const out: Deadline[] = []
    for (const v of rows) {
      const path = `/account/vehicles/${v.id}`
      const plate = v.registrationPlate
      if (v.itpDueDate) out.push({ uid: `itp-${v.id}`, kind: 'itp', date: v.itpDueDate, allDay: true, title: i18n._(msg`ITP due: ${plate}`), path })
      for (const paper of vehiclePapers) {
        const date = v[paperColumn[paper.field]]
        const renews = renewing?.fields.includes(paper.field)
        // A renewal bought or declared bought elsewhere, or reminders off, leave the feed as a policy's do.
        if (!date || (renews && stopped.has(`${v.id}:${paper.field}`))) continue
        out.push({ uid: `${paper.calendarKind}-${v.id}`, kind: paper.calendarKind, date, allDay: true, title: deadlineTitle(locale, paper.calendarTitle, plate), path, ...(renews ? { alarmDays: renewing!.alarmDays } : {}) })
      }
    }
    for (const n of await this.deps.notes.upcoming(userId)) {
      out.push({ uid: `note-${n.id}`, kind: 'note', date: n.remindAt.toISOString(), allDay: false, title: i18n._(reminderTitle(n.plate, n.title)), path: `/account/vehicles/${n.vehicleId}/notes/${n.id}` })
    }
    return out
  }

  private async localeOf(userId: string): Promise<Locale> {
    const [user] = await this.deps.db.select({ locale: users.locale }).from(users).where(eq(users.id, userId))
    return user && isLocale(user.locale) ? user.locale : 'ro'
  }

  private async renewSalt(userId: string, replace: boolean): Promise<string> {
    const salt = randomBytes(16).toString('base64url')
    const values = { userId, salt, tokenHash: hash(this.token(userId, salt)), createdAt: new Date() }
    const insert = this.deps.db.insert(calendarFeeds).values(values)
    const [row] = replace
      ? await insert.onConflictDoUpdate({ target: calendarFeeds.userId, set: { salt, tokenHash: values.tokenHash, createdAt: values.createdAt } }).returning()
      : await insert.onConflictDoNothing({ target: calendarFeeds.userId }).returning()
    if (row) return row.salt
    // Made meanwhile by a parallel first call: use that one.
    const [feed] = await this.deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId))
    return feed!.salt
  }

  private token(userId: string, salt: string): string {
    return createHmac('sha256', this.deps.secret).update(`calendar-feed:${userId}:${salt}`).digest('base64url')
  }

  private urlOf(userId: string, salt: string): string {
    return `${this.deps.publicUrl}/api/v1/calendar/${this.token(userId, salt)}.ics`
  }
}

/**
 * Gives the account's feed a new secret: its row is dropped, so every earlier URL answers 404 and
 * the next `url()` makes a new salt. Called whenever sessions end in bulk (password reset or
 * change, signing out the other devices): the feed URL is a credential that follows the account
 * (decision 95).
 */
export async function rotateCalendarFeed(db: Queryable, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId))
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex')

/** Midnight UTC of a calendar day, which ical-generator writes as that DATE (it reads a Date's UTC day). */
function dateOnly(isoDate: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number)
  return new Date(Date.UTC(y!, m! - 1, d!))
}
