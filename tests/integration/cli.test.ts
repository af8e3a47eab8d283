import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig, type AppConfig } from '../../app.config'
import { parseCommand } from '~/server/cli/commands'
import { runDirect, runThroughServer, ServerNotRunning } from '~/server/cli/run'
import { databaseKinds, startTestApi, type TestApi } from '../support/api'

const cli = (config: AppConfig, ...argv: string[]) => runThroughServer(config, parseCommand(argv))
const direct = (config: AppConfig, ...argv: string[]) => runDirect(config, parseCommand(argv))

/** Serves the test API over HTTP on 127.0.0.1, as `npm run serve` would. */
async function serve(t: TestApi): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const headers = Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : []))
      const body = chunks.length > 0 ? Buffer.concat(chunks) : null
      void t.api.fetch(new Request(`http://127.0.0.1${req.url ?? '/'}`, { method: req.method ?? 'GET', headers, body })).then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers))
        res.end(Buffer.from(await response.arrayBuffer()))
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as AddressInfo).port }
}

describe.each(databaseKinds)('command line through the running server on %s', (kind) => {
  let t: TestApi
  let server: Server
  let config: AppConfig
  beforeAll(async () => {
    t = await startTestApi(kind)
    const served = await serve(t)
    server = served.server
    config = { ...t.config, PORT: served.port }
  })
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve))
    await t?.close()
  })

  it('adds, lists and removes redirect rules', async () => {
    expect(await cli(config, 'redirect', 'add', '/old-page/', '/rca', '--status', '301')).toBe(`redirect /old-page/ → /rca (301) (through the server on port ${config.PORT})`)
    expect(await (await t.call('/redirects?path=%2Fold-page')).json()).toEqual({ data: { from_path: '/old-page', to: '/rca', status_code: 301, is_external: false } })
    expect(await cli(config, 'redirect', 'add', '/away', 'https://example.org/')).toContain('redirect /away → https://example.org/ (302)')
    expect(await cli(config, 'redirect', 'list')).toBe(`/away → https://example.org/ (302)\n/old-page → /rca (301) (through the server on port ${config.PORT})`)
    expect(await cli(config, 'redirect', 'remove', '/old-page')).toContain('redirect /old-page removed')
    expect(await cli(config, 'redirect', 'remove', '/old-page')).toContain('no redirect rule for /old-page')
  })

  it('reports the server’s refusal of a rule that loops through the site’s own address', async () => {
    await expect(cli(config, 'redirect', 'add', '/x', `${config.PUBLIC_URL}/x/`)).rejects.toThrow('the server answered 422')
  })

  it('adds and deactivates partners', async () => {
    expect(await cli(config, 'partner', 'add', 'new-partner', 'New', 'Partner', 'SRL')).toContain('partner new-partner (New Partner SRL) active')
    expect(await (await t.call('/partners/new-partner')).json()).toEqual({ data: { code: 'new-partner', name: 'New Partner SRL' } })
    expect(await cli(config, 'partner', 'remove', 'new-partner')).toContain('partner new-partner deactivated')
    expect((await t.call('/partners/new-partner')).status).toBe(404)
    expect(await cli(config, 'partner', 'remove', 'ghost')).toContain('no partner ghost')
  })

  it('names the problem when the token is wrong or no server answers', async () => {
    await expect(cli({ ...config, OPERATOR_TOKEN: 'x'.repeat(40) }, 'redirect', 'list')).rejects.toThrow('refused the operator token')
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    await expect(cli({ ...config, PORT: port }, 'redirect', 'list')).rejects.toBeInstanceOf(ServerNotRunning)
  })
})

describe.each(databaseKinds)('command line directly on the %s database', (kind) => {
  let config: AppConfig
  let cleanup = async () => {}
  beforeAll(async () => {
    if (kind === 'postgres') {
      // A fresh database of its own; the test API is only used to create and drop it.
      const t = await startTestApi(kind)
      config = t.config
      cleanup = () => t.close()
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), 'asiguro-cli-'))
      const secret = 's'.repeat(40)
      config = parseConfig({ APP_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent' }, { SESSION_SECRET: secret, OPERATOR_TOKEN: secret, PUSHER_APP_SECRET: secret, CAPTCHA_SECRET: secret })
      cleanup = async () => rmSync(dir, { recursive: true, force: true })
      // The first command creates the embedded database (initdb and every migration): over two
      // minutes of CPU on a loaded two-core machine, so it happens here, not inside the test's
      // bound (the test ran out at 120 s once). The bound only ends a hang.
      await direct(config, 'redirect', 'list')
    }
  }, 600_000)
  afterAll(async () => {
    await cleanup()
  })

  // Each command opens the database anew, as the command line does: eight openings, a bound on a hang only.
  it('manages redirect rules and partners', { timeout: 300_000 }, async () => {
    const where = `(directly in the ${kind} database)`
    expect(await direct(config, 'redirect', 'add', '/promo', '/travel', '--status', '307')).toBe(`redirect /promo → /travel (307) ${where}`)
    expect(await direct(config, 'redirect', 'list')).toBe(`/promo → /travel (307) ${where}`)
    await expect(direct(config, 'redirect', 'add', '/loop', `${config.PUBLIC_URL}/loop`)).rejects.toThrow('redirect add: to:')
    expect(await direct(config, 'redirect', 'remove', '/promo/')).toBe(`redirect /promo/ removed ${where}`)
    expect(await direct(config, 'redirect', 'list')).toBe(`no redirect rules ${where}`)
    expect(await direct(config, 'partner', 'remove', 'demo')).toBe(`partner demo deactivated ${where}`)
    expect(await direct(config, 'partner', 'remove', 'ghost')).toBe(`no partner ghost ${where}`)
    expect(await direct(config, 'partner', 'add', 'demo', 'Demo Partner')).toBe(`partner demo (Demo Partner) active ${where}`)
  })
})
