import { createHmac, timingSafeEqual } from 'node:crypto'
import type { AppConfig } from '../../../app.config'

/** The key the sandbox processor and the app share: PAYMENT_SANDBOX_SECRET, else derived from SESSION_SECRET. */
export function sandboxProcessorKey(config: Pick<AppConfig, 'PAYMENT_SANDBOX_SECRET' | 'SESSION_SECRET'>): string {
  return config.PAYMENT_SANDBOX_SECRET || createHmac('sha256', config.SESSION_SECRET).update('sandbox-payment-processor').digest('base64url')
}

/** `sha256=<hex>` of the raw body: the header both sides put on what they send the other. */
export function signBody(key: string, body: string): string {
  return `sha256=${createHmac('sha256', key).update(body).digest('hex')}`
}

export function verifyBody(key: string, body: string, signature: string | null): boolean {
  if (!signature) return false
  const expected = Buffer.from(signBody(key, body))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

export const SIGNATURE_HEADER = 'x-sandbox-signature'
