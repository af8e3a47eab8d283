import type { AppConfig } from '../../../app.config'
import { openDatabase } from '../db/client'
import { seedReferenceData } from '../db/seed'
import { SiteState } from '../site/site-state'
import type { Command } from './commands'

export class ServerNotRunning extends Error {}

function describe(command: Command, result: unknown): string {
  switch (command.kind) {
    case 'maintenance':
      return `maintenance ${command.active ? 'on' : 'off'}`
    case 'product-status':
      return `${command.code} ${command.available ? 'available' : 'unavailable'} (statuses updated_at ${(result as { updated_at: string }).updated_at})`
    case 'seed':
      return 'seeded'
  }
}

/** Through the running server's operator endpoints, authenticated with the operator token. */
export async function runThroughServer(config: AppConfig, command: Command): Promise<string> {
  const base = `http://127.0.0.1:${config.PORT}/api/v1/operator`
  const request =
    command.kind === 'maintenance'
      ? { path: '/maintenance', method: 'PUT', body: { active: command.active, message: command.message } }
      : command.kind === 'product-status'
        ? { path: `/product-statuses/${command.code}`, method: 'PUT', body: { available: command.available } }
        : { path: '/seed', method: 'POST', body: undefined }
  let response: Response
  try {
    response = await fetch(`${base}${request.path}`, {
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
  if (!response.ok) throw new Error(`the server answered ${response.status}: ${JSON.stringify(body)}`)
  return `${describe(command, body)} (through the server on port ${config.PORT})`
}

/** Straight to the database: PostgreSQL, or the embedded one when no server holds it. */
export async function runDirect(config: AppConfig, command: Command): Promise<string> {
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
  try {
    await seedReferenceData(handle.db)
    const site = new SiteState(handle.db)
    let result: unknown
    if (command.kind === 'maintenance') result = await site.setMaintenance(command.active, command.message)
    else if (command.kind === 'product-status') result = await site.setProductAvailable(command.code, command.available)
    else result = undefined
    return `${describe(command, result)} (directly in the ${handle.kind} database)`
  } finally {
    await handle.close()
  }
}
