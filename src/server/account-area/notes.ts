import { and, count, desc, eq, isNull } from 'drizzle-orm'
import { z } from 'zod'
import type { Note, NoteInput, NotePatch } from '~/contract/account-area'
import { isLocale } from '~/i18n/locales'
import type { Database, Queryable } from '../db/client'
import { users, vehicleNotes, vehicles } from '../db/schema'
import type { JobQueue } from '../jobs/queue'
import type { Mailer } from '../mail/mailer'
import type { RealtimePublisher } from '../realtime/publisher'
import { checkId, FieldRefusal, NotFound } from './errors'
import type { Preferences } from './preferences'
import type { Vehicles } from './vehicles'

type NoteRow = typeof vehicleNotes.$inferSelect
type NewNote = z.output<typeof NoteInput>
type NoteChanges = z.output<typeof NotePatch>

export const NOTE_REMINDER_JOB = 'note.reminder'
const ReminderPayload = z.object({ noteId: z.uuid(), remindAt: z.iso.datetime({ offset: true }) })
/** One job per note and reminder time: setting the same time again queues nothing new (decision 65). */
const reminderKey = (noteId: string, remindAt: Date) => `${NOTE_REMINDER_JOB}:${noteId}:${remindAt.toISOString()}`

export function toNote(row: NoteRow): Note {
  return {
    id: row.id,
    vehicle_id: row.vehicleId,
    title: row.title,
    body: row.body,
    pinned: row.pinned,
    remind_at: row.remindAt?.toISOString() ?? null,
    reminded_at: row.remindedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

export interface NotesDeps {
  db: Database
  vehicles: Vehicles
  preferences: Preferences
  jobs: JobQueue
  mailer: Mailer
  events: Pick<RealtimePublisher, 'publishUserEvent'>
  publicUrl: string
}

/** Notes on a vehicle, with an optional reminder sent once by e-mail and to the notification centre (decision 65). */
export class Notes {
  constructor(private readonly deps: NotesDeps) {}

  /** The reminder's job kind; defined where the services are built, before the workers start. */
  defineJobs(): void {
    this.deps.jobs.define({ kind: NOTE_REMINDER_JOB, payload: ReminderPayload, maxAttempts: 6, run: async (p) => void (await this.sendReminder(p.noteId, new Date(p.remindAt))) })
  }

  async list(userId: string, vehicleId: string, paging: { page: number; per_page: number }): Promise<{ rows: NoteRow[]; total: number }> {
    const vehicle = await this.deps.vehicles.owned(userId, vehicleId)
    const where = eq(vehicleNotes.vehicleId, vehicle.id)
    const [rows, [total]] = await Promise.all([
      this.deps.db
        .select()
        .from(vehicleNotes)
        .where(where)
        .orderBy(desc(vehicleNotes.pinned), desc(vehicleNotes.updatedAt), desc(vehicleNotes.id))
        .limit(paging.per_page)
        .offset((paging.page - 1) * paging.per_page),
      this.deps.db.select({ n: count() }).from(vehicleNotes).where(where),
    ])
    return { rows, total: total?.n ?? 0 }
  }

  async get(userId: string, vehicleId: string, noteId: string): Promise<NoteRow> {
    const vehicle = await this.deps.vehicles.owned(userId, vehicleId)
    return this.noteOf(this.deps.db, vehicle.id, noteId)
  }

  async create(userId: string, vehicleId: string, input: NewNote, now = new Date()): Promise<NoteRow> {
    const remindAt = futureReminder(input.remind_at, now)
    return this.deps.db.transaction(async (tx) => {
      const vehicle = await this.deps.vehicles.owned(userId, vehicleId, tx)
      const [row] = await tx
        .insert(vehicleNotes)
        .values({ vehicleId: vehicle.id, title: input.title, body: input.body ?? '', pinned: input.pinned ?? false, remindAt: remindAt ?? null })
        .returning()
      if (remindAt) await this.deps.jobs.enqueue(NOTE_REMINDER_JOB, { noteId: row!.id, remindAt: remindAt.toISOString() }, { dedupeKey: reminderKey(row!.id, remindAt), runAt: remindAt, tx })
      return row!
    })
  }

  async update(userId: string, vehicleId: string, noteId: string, patch: NoteChanges, now = new Date()): Promise<NoteRow> {
    const current = await this.get(userId, vehicleId, noteId)
    const newTime = patch.remind_at === undefined ? undefined : patch.remind_at === null ? null : new Date(patch.remind_at)
    const timeChanged = newTime !== undefined && (newTime?.getTime() ?? null) !== (current.remindAt?.getTime() ?? null)
    if (timeChanged && newTime) futureReminder(patch.remind_at, now)
    const row = await this.deps.db.transaction(async (tx) => {
      const set: Partial<typeof vehicleNotes.$inferInsert> = { updatedAt: new Date() }
      if (patch.title !== undefined) set.title = patch.title
      if (patch.body !== undefined) set.body = patch.body
      if (patch.pinned !== undefined) set.pinned = patch.pinned
      if (timeChanged) {
        set.remindAt = newTime
        set.remindedAt = null
        if (newTime) await this.deps.jobs.enqueue(NOTE_REMINDER_JOB, { noteId: current.id, remindAt: newTime.toISOString() }, { dedupeKey: reminderKey(current.id, newTime), runAt: newTime, tx })
      }
      const [updated] = await tx.update(vehicleNotes).set(set).where(eq(vehicleNotes.id, current.id)).returning()
      return updated!
    })
    // The old reminder's job would find the time changed and do nothing; cancelling just keeps the queue tidy.
    if (timeChanged && current.remindAt) await this.deps.jobs.cancel(reminderKey(current.id, current.remindAt))
    return row
  }

  async remove(userId: string, vehicleId: string, noteId: string): Promise<void> {
    const note = await this.get(userId, vehicleId, noteId)
    await this.deps.db.delete(vehicleNotes).where(eq(vehicleNotes.id, note.id))
    if (note.remindAt) await this.deps.jobs.cancel(reminderKey(note.id, note.remindAt))
  }

  /**
   * Sends a due reminder once: the note is marked first by a conditional update (so a second run,
   * or a second node, finds it marked and sends nothing); if the mail cannot be queued the mark is
   * undone and the job retried. A note deleted or moved to another time meanwhile sends nothing.
   */
  async sendReminder(noteId: string, remindAt: Date): Promise<boolean> {
    const { db } = this.deps
    const [claimed] = await db
      .update(vehicleNotes)
      .set({ remindedAt: new Date() })
      .where(and(eq(vehicleNotes.id, noteId), eq(vehicleNotes.remindAt, remindAt), isNull(vehicleNotes.remindedAt)))
      .returning()
    if (!claimed) return false
    const [owner] = await db
      .select({ userId: users.id, email: users.email, firstName: users.firstName, locale: users.locale, plate: vehicles.registrationPlate })
      .from(vehicles)
      .innerJoin(users, eq(users.id, vehicles.userId))
      .where(eq(vehicles.id, claimed.vehicleId))
    if (!owner) return false
    const routing = await this.deps.preferences.routing(owner.userId, 'note')
    const link = `${this.deps.publicUrl}/account/vehicles/${claimed.vehicleId}/notes/${claimed.id}`
    if (routing.email) {
      try {
        const excerpt = claimed.body.length > 500 ? `${claimed.body.slice(0, 500)}…` : claimed.body
        await this.deps.mailer.send('note-reminder', owner.email, isLocale(owner.locale) ? owner.locale : 'ro', { name: owner.firstName, plate: owner.plate, title: claimed.title, excerpt, link })
      } catch (error) {
        await db.update(vehicleNotes).set({ remindedAt: null }).where(eq(vehicleNotes.id, claimed.id))
        throw error
      }
    }
    if (routing.notification_centre) {
      await this.deps.events.publishUserEvent(owner.userId, 'vehicle.note-reminder', {
        note_id: claimed.id,
        vehicle_id: claimed.vehicleId,
        registration_plate: owner.plate,
        title: claimed.title,
        remind_at: remindAt.toISOString(),
      })
    }
    return true
  }

  /** Reminders still to come, for the calendar feed. */
  async upcoming(userId: string): Promise<{ id: string; vehicleId: string; plate: string; title: string; remindAt: Date }[]> {
    const rows = await this.deps.db
      .select({ id: vehicleNotes.id, vehicleId: vehicles.id, plate: vehicles.registrationPlate, title: vehicleNotes.title, remindAt: vehicleNotes.remindAt })
      .from(vehicleNotes)
      .innerJoin(vehicles, eq(vehicles.id, vehicleNotes.vehicleId))
      .where(eq(vehicles.userId, userId))
    return rows.flatMap((r) => (r.remindAt ? [{ ...r, remindAt: r.remindAt }] : []))
  }

  private async noteOf(tx: Queryable, vehicleId: string, noteId: string): Promise<NoteRow> {
    const [row] = await tx
      .select()
      .from(vehicleNotes)
      .where(and(eq(vehicleNotes.id, checkId(noteId)), eq(vehicleNotes.vehicleId, vehicleId)))
    if (!row) throw new NotFound()
    return row
  }
}

/** A reminder must lie in the future when it is set. */
function futureReminder(value: string | null | undefined, now: Date): Date | undefined {
  if (!value) return undefined
  const at = new Date(value)
  if (at.getTime() <= now.getTime()) throw new FieldRefusal('remind_at', 'note_remind_at_past')
  return at
}
