import { eq } from 'drizzle-orm'
import { formatMoney } from '~/i18n/money'
import type { AppConfig } from '../../../app.config'
import { openDatabase, type Database } from '../db/client'
import { partners } from '../db/schema'
import { seedReferenceData } from '../site/reference-data'
import { FxRates, fxRateView } from '../fx/service'
import { RedirectRules } from '../site/redirect-rules'
import { SiteState } from '../site/site-state'
import { InsurerCatalogue, type InsurerRecord } from '../insurers/catalogue'
import { redirectRuleRefusal, type Command } from './commands'
import { FieldRefusal, NotFound } from '../account-area/errors'
import { Vehicles } from '../account-area/vehicles'
import { DirectBookings } from '../direct-bookings/direct-bookings'
import { JobQueue } from '../jobs/queue'
import { Mailer } from '../mail/mailer'
import { RealtimePublisher } from '../realtime/publisher'

export class ServerNotRunning extends Error {}

interface RedirectView {
  from_path: string
  to: string
  status_code: number
}

function describe(command: Command, result: unknown): string {
  switch (command.kind) {
    case 'maintenance':
      return `maintenance ${command.active ? 'on' : 'off'}`
    case 'product-status':
      return `${command.code} ${command.available ? 'available' : 'unavailable'} (statuses updated_at ${(result as { updated_at: string }).updated_at})`
    case 'seed':
      return 'seeded'
    case 'redirect-list': {
      const rules = (result as { data: RedirectView[] }).data
      return rules.length === 0 ? 'no redirect rules' : rules.map((r) => `${r.from_path} → ${r.to} (${r.status_code})`).join('\n')
    }
    case 'redirect-add':
      return `redirect ${command.rule.from_path} → ${command.rule.to} (${command.rule.status_code})`
    case 'redirect-remove':
      return (result as { removed: boolean }).removed ? `redirect ${command.from} removed` : `no redirect rule for ${command.from}`
    case 'partner-add':
      return `partner ${command.partner.code} (${command.partner.name}) active`
    case 'partner-remove':
      return result ? `partner ${command.code} deactivated` : `no partner ${command.code}`
    case 'fx-list': {
      const rates = (result as { data: { currency: string; date: string; ron_per_unit: string; source: string }[] }).data
      return rates.length === 0 ? 'no exchange rates' : rates.map((r) => `${r.currency} ${r.ron_per_unit} lei (${r.date}, ${r.source})`).join('\n')
    }
    case 'fx-set': {
      const rate = result as { currency: string; date: string; ron_per_unit: string }
      return `${rate.currency} = ${rate.ron_per_unit} lei from ${rate.date}`
    }
    case 'fx-import':
      return `${(result as { imported: number }).imported} rates loaded from ${command.file}`
    case 'order-list': {
      const rows = (result as { data: OrderLine[] }).data
      return rows.length === 0 ? 'no orders' : rows.map(orderLine).join('\n')
    }
    case 'order-show': {
      const order = (result as { data: OrderLine & { policies: { insurer: { name: string }; status: string; number: string | null; start_date: string | null; end_date: string | null }[] } }).data
      const policies = order.policies.map((p) => `  ${p.insurer.name}: ${p.status}${p.number ? ` ${p.number} (${p.start_date} – ${p.end_date})` : ''}`)
      return [orderLine(order), `  payment ${order.payment_id ?? '-'} (attempts ${order.payment_attempts})${order.failure_reason ? `, reason ${order.failure_reason}` : ''}`, ...policies].join('\n')
    }
    case 'order-retry-issue': {
      const r = (result as { data: { id: string; status: string; queued: boolean } }).data
      return r.queued ? `order ${r.id}: issuance queued (${r.status})` : `order ${r.id} is ${r.status}: nothing to retry`
    }
    case 'insurer-list': {
      const rows = (result as { data: InsurerRecord[] }).data
      if (rows.length === 0) return 'no insurers'
      return rows
        .map((r) => `${r.enabled ? 'on ' : 'off'} ${r.code.padEnd(16)} ${r.name} (${r.asf_registration}) products: ${r.products.join(', ') || '-'} commission: ${(r.commission_basis_points / 100).toFixed(2)} % adapter: ${r.adapter}${r.quote_timeout_ms ? ` timeout: ${r.quote_timeout_ms} ms` : ''}`)
        .join('\n')
    }
    case 'insurer-enable':
      return result ? `insurer ${command.code} ${command.enabled ? 'enabled' : 'disabled'}` : `no insurer ${command.code}`
    case 'booking-list': {
      const rows = (result as { data: BookingLine[] }).data
      return rows.length === 0 ? 'no road assistance requests' : rows.map(bookingLine).join('\n')
    }
    case 'booking-set-status': {
      const r = (result as { data: { reference: string; status: string; history: { status: string; at: string }[] } }).data
      return `${r.reference}: ${r.history.map((h) => `${h.status} ${h.at.slice(0, 16)}`).join(' → ')}`
    }
  }
}

interface BookingLine {
  reference: string
  created_at: string
  kind: string
  status: string
  registration_plate: string
  phone: string
  contact_email: string | null
  address: string | null
  latitude: number | null
  longitude: number | null
}

const bookingLine = (b: BookingLine) =>
  [b.reference, b.created_at.slice(0, 16), b.status.padEnd(11), b.kind, b.registration_plate, b.phone, b.contact_email ?? '-', b.address ?? '', b.latitude !== null && b.longitude !== null ? `(${b.latitude}, ${b.longitude})` : '']
    .filter(Boolean)
    .join('  ')

interface OrderLine {
  id: string
  status: string
  product: string
  total: { amount: number; currency: string }
  customer_email: string
  created_at: string
  payment_id: string | null
  payment_attempts: number
  failure_reason: string | null
}

const orderLine = (o: OrderLine) => `${o.id}  ${o.created_at.slice(0, 16)}  ${o.product}  ${o.status}  ${formatMoney(o.total.amount, o.total.currency, 'en')}  ${o.customer_email}`

/** The operator endpoint that carries out a command. */
function operatorRequest(command: Command): { path: string; method: string; body?: unknown } {
  switch (command.kind) {
    case 'maintenance':
      return { path: '/maintenance', method: 'PUT', body: { active: command.active, message: command.message } }
    case 'product-status':
      return { path: `/product-statuses/${command.code}`, method: 'PUT', body: { available: command.available } }
    case 'seed':
      return { path: '/seed', method: 'POST' }
    case 'redirect-list':
      return { path: '/redirects', method: 'GET' }
    case 'redirect-add':
      return { path: '/redirects', method: 'PUT', body: command.rule }
    case 'redirect-remove':
      return { path: `/redirects?${new URLSearchParams({ from_path: command.from })}`, method: 'DELETE' }
    case 'partner-add':
      return { path: `/partners/${command.partner.code}`, method: 'PUT', body: { name: command.partner.name, is_active: true } }
    case 'partner-remove':
      return { path: `/partners/${encodeURIComponent(command.code)}`, method: 'PUT', body: { is_active: false } }
    case 'fx-list':
      return { path: '/fx-rates', method: 'GET' }
    case 'fx-set':
      return { path: `/fx-rates/${command.currency}`, method: 'PUT', body: { rate: command.rate, date: command.date } }
    case 'fx-import':
      return { path: '/fx-rates/bnr', method: 'POST', body: { xml: command.xml } }
    case 'order-list':
      return { path: `/orders${command.status ? `?status=${command.status}` : ''}`, method: 'GET' }
    case 'order-show':
      return { path: `/orders/${command.id}`, method: 'GET' }
    case 'order-retry-issue':
      return { path: `/orders/${command.id}/retry-issue`, method: 'POST' }
    case 'insurer-list':
      return { path: '/insurers', method: 'GET' }
    case 'insurer-enable':
      return { path: `/insurers/${encodeURIComponent(command.code)}`, method: 'PUT', body: { enabled: command.enabled } }
    case 'booking-list':
      return { path: `/direct-bookings${command.status ? `?status=${command.status}` : ''}`, method: 'GET' }
    case 'booking-set-status':
      return { path: `/direct-bookings/${command.reference}/status`, method: 'POST', body: { status: command.status } }
  }
}

/** Through the running server's operator endpoints, authenticated with the operator token. */
export async function runThroughServer(config: AppConfig, command: Command): Promise<string> {
  const request = operatorRequest(command)
  let response: Response
  try {
    response = await fetch(`http://127.0.0.1:${config.PORT}/api/v1/operator${request.path}`, {
      method: request.method,
      headers: { authorization: `Bearer ${config.OPERATOR_TOKEN}`, 'content-type': 'application/json' },
      body: request.body === undefined ? null : JSON.stringify(request.body),
      signal: AbortSignal.timeout(10_000),
    })
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code
    if (code === 'ECONNREFUSED') throw new ServerNotRunning()
    throw error
  }
  const body: unknown = await response.json().catch(() => undefined)
  if (response.status === 401) {
    throw new Error(`the server on port ${config.PORT} refused the operator token: is it running with the same DATA_DIR (${config.DATA_DIR})?`)
  }
  // Removing a partner that does not exist is reported, not an error (as directly on the database).
  const missingPartner = (command.kind === 'partner-remove' || command.kind === 'insurer-enable') && response.status === 404
  if (command.kind === 'booking-set-status' && !response.ok) throw new Error(bookingRefusal(command, response.status))
  if (!response.ok && !missingPartner) throw new Error(`the server answered ${response.status}: ${JSON.stringify(body)}`)
  return `${describe(command, missingPartner ? null : body)} (through the server on port ${config.PORT})`
}

async function runOn(db: Database, command: Command, config: AppConfig): Promise<unknown> {
  const site = new SiteState(db)
  const redirects = new RedirectRules(db)
  const fx = new FxRates(db)
  switch (command.kind) {
    case 'maintenance':
      return site.setMaintenance(command.active, command.message)
    case 'product-status':
      return site.setProductAvailable(command.code, command.available)
    case 'seed':
      return undefined
    case 'redirect-list':
      return { data: await redirects.list() }
    case 'redirect-add': {
      // Parsing checked the paths; a target on the site's own origin needs PUBLIC_URL, known here.
      const refusal = redirectRuleRefusal(command.rule, config.PUBLIC_URL)
      if (refusal) throw new Error(`redirect add: ${refusal}`)
      return redirects.upsert(command.rule)
    }
    case 'redirect-remove':
      return { removed: await redirects.remove(command.from) }
    case 'partner-add':
      return db
        .insert(partners)
        .values({ ...command.partner, isActive: true })
        .onConflictDoUpdate({ target: partners.code, set: { name: command.partner.name, isActive: true, updatedAt: new Date() } })
    case 'order-list':
    case 'order-show':
    case 'order-retry-issue':
      // Issuance runs in the server's job workers: these go through it (decision 4).
      throw new Error('order commands need the running server (npm start)')
    case 'partner-remove': {
      const [row] = await db.update(partners).set({ isActive: false, updatedAt: new Date() }).where(eq(partners.code, command.code)).returning({ code: partners.code })
      return row ?? null
    }
    case 'fx-list':
      return { data: (await fx.list()).map(fxRateView) }
    case 'fx-set':
      return fxRateView(await fx.set(command.currency, command.rate, command.date))
    case 'fx-import':
      return { imported: await fx.importBnr(command.xml) }
    case 'insurer-list':
      return { data: await new InsurerCatalogue(db, config).list() }
    case 'insurer-enable':
      return (await new InsurerCatalogue(db, config).setEnabled(command.code, command.enabled)) ?? null
    case 'booking-list':
      return { data: await directBookingsOn(db, config).operatorList(command.status, 50) }
    case 'booking-set-status':
      try {
        const row = await directBookingsOn(db, config).setStatus(command.reference, command.status)
        return { data: { reference: row.reference, status: row.status, history: row.history } }
      } catch (error) {
        if (error instanceof NotFound) throw new Error(bookingRefusal(command, 404))
        if (error instanceof FieldRefusal) throw new Error(bookingRefusal(command, 422))
        throw error
      }
  }
}

/** The requests service on this database: the mail goes to the outbox (sent by the server's workers), the event to the configured realtime server. */
function directBookingsOn(db: Database, config: AppConfig): DirectBookings {
  const mailer = new Mailer(db, config, new JobQueue(db))
  return new DirectBookings({ db, vehicles: new Vehicles(db), mailer, events: new RealtimePublisher(config), publicUrl: config.PUBLIC_URL })
}

function bookingRefusal(command: { reference: string; status: string }, status: number): string {
  if (status === 404) return `booking set-status: no request ${command.reference}`
  if (status === 422) return `booking set-status: ${command.reference} cannot move to ${command.status} (see \`booking list\`: closed and cancelled requests stay so, and statuses go forward)`
  return `booking set-status: the server answered ${status}`
}

/** Straight to the database: PostgreSQL, or the embedded one when no server holds it. */
export async function runDirect(config: AppConfig, command: Command): Promise<string> {
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, prepare: (db) => seedReferenceData(db, { demo: config.APP_ENV !== 'production' }) })
  try {
    return `${describe(command, await runOn(handle.db, command, config))} (directly in the ${handle.kind} database)`
  } finally {
    await handle.close()
  }
}
