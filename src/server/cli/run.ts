import { eq } from 'drizzle-orm'
import type { AppConfig } from '../../../app.config'
import { openDatabase, type Database } from '../db/client'
import { partners } from '../db/schema'
import { seedReferenceData } from '../db/seed'
import { RedirectRules } from '../site/redirect-rules'
import { SiteState } from '../site/site-state'
import { redirectRuleRefusal, type Command } from './commands'

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
  }
}

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
  const missingPartner = command.kind === 'partner-remove' && response.status === 404
  if (!response.ok && !missingPartner) throw new Error(`the server answered ${response.status}: ${JSON.stringify(body)}`)
  return `${describe(command, missingPartner ? null : body)} (through the server on port ${config.PORT})`
}

async function runOn(db: Database, command: Command, config: AppConfig): Promise<unknown> {
  const site = new SiteState(db)
  const redirects = new RedirectRules(db)
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
    case 'partner-remove': {
      const [row] = await db.update(partners).set({ isActive: false, updatedAt: new Date() }).where(eq(partners.code, command.code)).returning({ code: partners.code })
      return row ?? null
    }
  }
}

/** Straight to the database: PostgreSQL, or the embedded one when no server holds it. */
export async function runDirect(config: AppConfig, command: Command): Promise<string> {
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
  try {
    await seedReferenceData(handle.db, { demo: config.APP_ENV !== 'production' })
    return `${describe(command, await runOn(handle.db, command, config))} (directly in the ${handle.kind} database)`
  } finally {
    await handle.close()
  }
}
