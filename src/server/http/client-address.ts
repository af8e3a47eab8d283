import { z } from 'zod'

const ipAddress = z.union([z.ipv4(), z.ipv6()])

/**
 * The client's address, by one rule for the web app and the API (decision 40): the peer of the
 * connection, unless `trustedHops` proxies stand in front of this process. Each of those
 * appends the address it saw to `X-Forwarded-For`, so the client is read from the right, one
 * entry per trusted proxy; whatever a client wrote further left is never reached. The walk
 * stops at a missing or malformed entry and keeps the last address a trusted hop vouched for.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | null | undefined, trustedHops: number): string | undefined {
  const chain = forwardedFor ? forwardedFor.split(',').map((entry) => entry.trim()) : []
  let address = peer
  for (let hop = 0; hop < trustedHops; hop++) {
    const next = chain.pop()
    if (!next || !ipAddress.safeParse(next).success) break
    address = next
  }
  return address
}

/** The socket address srvx records on the requests it serves (`request.ip`). */
export function peerAddress(request: Request): string | undefined {
  const ip = (request as Request & { ip?: unknown }).ip
  return typeof ip === 'string' ? ip : undefined
}

/**
 * Whether an address is this machine's own: 127.0.0.0/8, `::1`, or either written as an
 * IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, which dual-stack sockets report). An unknown
 * address (`undefined`) is not.
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  const lower = address.toLowerCase()
  if (lower === '::1' || lower === '0:0:0:0:0:0:0:1') return true
  const v4 = lower.startsWith('::ffff:') ? lower.slice('::ffff:'.length) : lower
  return z.ipv4().safeParse(v4).success && v4.startsWith('127.')
}
