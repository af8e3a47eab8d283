/**
 * WebSocket limits per client address: how many one address holds open on a node,
 * and how many it opens per second. The address is the connection's peer, or what the trusted
 * proxies in front wrote in `X-Forwarded-For` (decision 40).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RawClient, eventually, realtimeModes, startCluster, wsUrl, type TestCluster } from './support'

/** Opens a raw socket and waits for the handshake's outcome: `established` or the refusal's code. */
async function attempt(cluster: TestCluster, headers: Record<string, string> = {}): Promise<{ client: RawClient; outcome: 'established' | number }> {
  const client = await RawClient.open(wsUrl(cluster.node(0), cluster.key), { headers })
  const first = await client.next((m) => m.event === 'pusher:connection_established' || m.event === 'pusher:error')
  return { client, outcome: first.event === 'pusher:error' ? (first.data as { code: number }).code : 'established' }
}

describe.each(realtimeModes)('WebSocket limits per client address (%s)', (mode) => {
  let cluster: TestCluster | undefined
  const clients: RawClient[] = []
  afterEach(async () => {
    vi.useRealTimers()
    for (const client of clients.splice(0)) client.close()
    await cluster?.close()
    cluster = undefined
  })

  it('refuses with 4004 a connection over what one address may hold open, and admits it again once one closes', async () => {
    cluster = await startCluster(mode, { perAddress: { open: 2 } })
    const first = await attempt(cluster)
    const second = await attempt(cluster)
    clients.push(first.client, second.client)
    expect([first.outcome, second.outcome]).toEqual(['established', 'established'])
    const third = await attempt(cluster)
    expect(third.outcome).toBe(4004)
    expect(await third.client.closed).toBe(4004)
    // A forwarded address counts for nothing without a trusted proxy in front: no way around the limit.
    const spoofed = await attempt(cluster, { 'x-forwarded-for': '203.0.113.7' })
    expect(spoofed.outcome).toBe(4004)
    first.client.close()
    await first.client.closed
    await eventually(async () => {
      const again = await attempt(cluster!)
      clients.push(again.client)
      return again.outcome === 'established'
    }, 5000, 'a place freed by a closed connection')
  })

  it('counts each client behind a trusted proxy by the address the proxy names', async () => {
    cluster = await startCluster(mode, { perAddress: { open: 1 }, trustProxyHops: 1 })
    const ana = await attempt(cluster, { 'x-forwarded-for': '203.0.113.7' })
    const ion = await attempt(cluster, { 'x-forwarded-for': '198.51.100.20' })
    const anaAgain = await attempt(cluster, { 'x-forwarded-for': '203.0.113.7' })
    clients.push(ana.client, ion.client, anaAgain.client)
    expect([ana.outcome, ion.outcome, anaAgain.outcome]).toEqual(['established', 'established', 4004])
  })

  it('refuses with 4100 (pusher-js tries again after a second) the connections one address opens past its rate, until the next second', async () => {
    cluster = await startCluster(mode, { perAddress: { perSecond: 3 } })
    // The node's clock stands still: every attempt falls in the same second.
    vi.useFakeTimers({ toFake: ['Date'] })
    const outcomes: (string | number)[] = []
    for (let i = 0; i < 5; i++) {
      const { client, outcome } = await attempt(cluster)
      clients.push(client)
      outcomes.push(outcome)
    }
    expect(outcomes).toEqual(['established', 'established', 'established', 4100, 4100])
    vi.setSystemTime(Date.now() + 1000)
    const next = await attempt(cluster)
    clients.push(next.client)
    expect(next.outcome).toBe('established')
  })
})
