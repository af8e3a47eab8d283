import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The guest's order token: derived from the order id with the server's secret, so the same
 * create request repeated (same Idempotency-Key) can answer it again without the database
 * keeping it; only its SHA-256 is stored and compared (decision 55).
 */
export function orderToken(secret: string, orderId: string): string {
  return createHmac('sha256', secret).update(`order-token:${orderId}`).digest('base64url')
}

export function hashOrderToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function orderTokenMatches(storedHash: string | null, token: string | undefined): boolean {
  if (!storedHash || !token || token.length > 100) return false
  const given = Buffer.from(hashOrderToken(token), 'hex')
  const stored = Buffer.from(storedHash, 'hex')
  return given.length === stored.length && timingSafeEqual(given, stored)
}

/** Who is asking for an order: its owner (bearer) and/or the holder of its guest token. */
export interface OrderAccess {
  userId?: string | undefined
  orderToken?: string | undefined
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
