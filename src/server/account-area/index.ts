import type { AppConfig } from '../../../app.config'
import type { Database } from '../db/client'
import type { JobQueue } from '../jobs/queue'
import type { Mailer } from '../mail/mailer'
import type { RealtimePublisher } from '../realtime/publisher'
import { Calendar } from './calendar'
import { Diaries } from './diaries'
import { Notes } from './notes'
import { Preferences } from './preferences'
import { Vehicles } from './vehicles'

export { NotFound, FieldRefusal } from './errors'
export type { Deadline, DeadlineSource } from './calendar'

/** The account area's services, built once per process (decision 63). */
export interface AccountArea {
  vehicles: Vehicles
  diaries: Diaries
  notes: Notes
  preferences: Preferences
  calendar: Calendar
}

export function createAccountArea(deps: { db: Database; config: AppConfig; jobs: JobQueue; mailer: Mailer; events: Pick<RealtimePublisher, 'publishUserEvent'> }): AccountArea {
  const { db, config } = deps
  const vehicles = new Vehicles(db)
  const preferences = new Preferences(db)
  const notes = new Notes({ db, vehicles, preferences, jobs: deps.jobs, mailer: deps.mailer, events: deps.events, publicUrl: config.PUBLIC_URL })
  notes.defineJobs()
  const calendar = new Calendar({ db, notes, secret: config.SESSION_SECRET, publicUrl: config.PUBLIC_URL, brand: config.BRAND_NAME })
  return { vehicles, diaries: new Diaries(db, vehicles), notes, preferences, calendar }
}
