/**
 * The realtime protocol in a real browser: pusher-js's web build in Chromium, on a blank page
 * (the app's CSP would refuse an injected script on its own pages), connects to the embedded
 * server of the e2e server, subscribes to a public channel and receives an event triggered by
 * the official `pusher` SDK through the HTTP API.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import PusherServer from 'pusher'
import { BASE_URL, DATA_DIR, PORT } from './support'

function appSecret(): string {
  const secrets = JSON.parse(readFileSync(path.join(DATA_DIR, 'secrets.json'), 'utf8')) as { PUSHER_APP_SECRET?: string }
  if (!secrets.PUSHER_APP_SECRET) throw new Error(`no PUSHER_APP_SECRET in ${DATA_DIR}/secrets.json`)
  return secrets.PUSHER_APP_SECRET
}

declare global {
  interface Window {
    Pusher: new (key: string, options: Record<string, unknown>) => {
      connection: { state: string; socket_id: string; bind(event: string, cb: (data: unknown) => void): void }
      subscribe(channel: string): { bind(event: string, cb: (data: unknown) => void): void }
      disconnect(): void
    }
    realtime: { state: string; socketId: string; subscribed: boolean; received: unknown[] }
  }
}

// Chromium's Local Network Access checks: a page Playwright answers itself is not known to be
// on loopback, so it needs the permission to open a socket to 127.0.0.1 (an app page served by
// the server itself does not).
test.use({ permissions: ['local-network-access'] })

test('pusher-js in Chromium connects, subscribes and receives an event published with the SDK', async ({ page }) => {
  // A blank page at the server's origin, answered by Playwright itself: no app page, so no CSP
  // to refuse the injected script (`about:blank` has no origin the permission above could name).
  const blank = `${BASE_URL}/__realtime-protocol-test`
  await page.route(blank, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>realtime</title>' }))
  await page.goto(blank)
  await page.addScriptTag({ path: 'node_modules/pusher-js/dist/web/pusher.min.js' })
  await page.evaluate(
    ({ port }) => {
      window.realtime = { state: 'initialized', socketId: '', subscribed: false, received: [] }
      const client = new window.Pusher('asiguro-key', { cluster: 'eu', wsHost: '127.0.0.1', wsPort: port, forceTLS: false, enabledTransports: ['ws'] })
      client.connection.bind('state_change', (change) => {
        window.realtime.state = (change as { current: string }).current
        window.realtime.socketId = client.connection.socket_id ?? ''
      })
      const channel = client.subscribe('e2e-news')
      channel.bind('pusher:subscription_succeeded', () => (window.realtime.subscribed = true))
      channel.bind('policy-issued', (data) => window.realtime.received.push(data))
    },
    { port: Number(PORT) },
  )
  await page.waitForFunction(() => window.realtime.subscribed)
  const { state, socketId } = await page.evaluate(() => window.realtime)
  expect(state).toBe('connected')
  expect(socketId).toMatch(/^\d+\.\d+$/)

  const sdk = new PusherServer({ appId: 'asiguro', key: 'asiguro-key', secret: appSecret(), host: '127.0.0.1', port: PORT, useTLS: false })
  const payload = { number: 'RO-2026-000123', product: 'rca', note: 'Poliță emisă' }
  const response = await sdk.trigger('e2e-news', 'policy-issued', payload)
  expect(response.status).toBe(200)
  await page.waitForFunction(() => window.realtime.received.length === 1)
  expect(await page.evaluate(() => window.realtime.received)).toEqual([payload])
})
