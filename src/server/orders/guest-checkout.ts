import { createHmac, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Customer, StoreFromProductPageResult } from '~/contract/orders'
import type { AppConfig } from '../../../app.config'
import { AuthFailure, enforceLimits, type Accounts, type RequestMeta } from '../auth/accounts'
import { issueEmailConfirmation } from '../auth/email-confirmations'
import { NO_PASSWORD_YET } from '../auth/passwords'
import { authLimits, type RateLimiter } from '../auth/rate-limit'
import type { Database } from '../db/client'
import { captchaUses, users } from '../db/schema'
import { log } from '../log'
import type { Mailer } from '../mail/mailer'

/** A checkout's account lasts: the password link is good for a week, not the reset's hour. */
const PASSWORD_LINK_TTL_MS = 7 * 24 * 60 * 60_000

/**
 * Spec §7 `store-from-product-page`, without account takeover (decision 55): a new e-mail gets
 * an account (no password anyone knows; a mailed link sets one) and a session; an e-mail that
 * has an account gets no session at all, only the answer that it exists: the order made next
 * is attached to that account and its owner sees it there.
 */
export class GuestCheckout {
  constructor(
    private readonly deps: { db: Database; config: Pick<AppConfig, 'PUBLIC_URL' | 'SESSION_SECRET'>; limiter: RateLimiter; mailer: Mailer; accounts: Accounts },
  ) {}

  async store(customer: Customer, meta: RequestMeta): Promise<StoreFromProductPageResult> {
    // It says whether an address has an account, as the e-mail check does: the same limit.
    await enforceLimits(this.deps.limiter, authLimits.emailCheckPerIp(meta.ip ?? 'unknown'))
    const [existing] = await this.deps.db.select().from(users).where(eq(users.email, customer.email))
    if (existing?.isDeleted) throw new AuthFailure('account_is_deleted')
    if (existing) return this.existingAccount(customer.email)
    const [user] = await this.deps.db
      .insert(users)
      .values({
        email: customer.email,
        firstName: customer.first_name,
        lastName: customer.last_name,
        phoneNumber: customer.phone,
        passwordHash: NO_PASSWORD_YET,
        locale: meta.locale,
      })
      .onConflictDoNothing({ target: users.email })
      .returning()
    if (!user) return this.existingAccount(customer.email) // made by a concurrent request
    log.info('orders.checkout_account_created', { userId: user.id })
    const link = await this.deps.accounts.passwordLink(user, PASSWORD_LINK_TTL_MS)
    const confirm = await issueEmailConfirmation(this.deps.db, this.deps.config.PUBLIC_URL, { userId: user.id, email: user.email, purpose: 'verify' })
    // No typed name in the greeting: whoever typed it may not be the address's owner (decision 94).
    await this.deps.mailer.send('welcome-checkout', user.email, meta.locale, { link, confirm })
    return { ...(await this.deps.accounts.startSession(user, meta)), account_exists: false }
  }

  /** Nobody is signed in; the ticket lets the order that follows go without a second captcha. */
  private existingAccount(email: string): StoreFromProductPageResult {
    return { account_exists: true, access_token: null, user: null, checkout_ticket: checkoutTicket(this.deps.config.SESSION_SECRET, email) }
  }
}

/** How long the checkout ticket of `store-from-product-page` stands in for the order's captcha. */
const TICKET_TTL_MS = 15 * 60_000

const ticketSignature = (secret: string, email: string, expires: number) => createHmac('sha256', secret).update(`checkout-ticket:${email}:${expires}`).digest('base64url')

/**
 * The visitor passed the captcha of `store-from-product-page` for this e-mail moments ago: the
 * order for the same e-mail needs no second one (a solved captcha is good once). It buys nothing
 * by itself and names one e-mail, for 15 minutes.
 */
export function checkoutTicket(secret: string, email: string, now = Date.now()): string {
  const expires = now + TICKET_TTL_MS
  return `${expires}.${ticketSignature(secret, email, expires)}`
}

export function isCheckoutTicket(secret: string, token: string, email: string, now = Date.now()): boolean {
  return ticketExpiry(secret, token, email, now) !== undefined
}

function ticketExpiry(secret: string, token: string, email: string, now: number): number | undefined {
  const match = /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return undefined
  const expires = Number(match[1])
  if (expires <= now || expires > now + TICKET_TTL_MS) return undefined
  const expected = Buffer.from(ticketSignature(secret, email, expires))
  const given = Buffer.from(match[2]!)
  return expected.length === given.length && timingSafeEqual(expected, given) ? expires : undefined
}

/**
 * Spends a checkout ticket: true the first time, false ever after (one ticket, one
 * order). Recorded where spent captcha solutions are, until it would have expired anyway.
 */
export async function spendCheckoutTicket(db: Database, secret: string, token: string, email: string, now = Date.now()): Promise<boolean> {
  const expires = ticketExpiry(secret, token, email, now)
  if (expires === undefined) return false
  const spent = await db
    .insert(captchaUses)
    .values({ signature: `checkout-ticket:${token}`, expiresAt: new Date(expires) })
    .onConflictDoNothing()
    .returning({ signature: captchaUses.signature })
  return spent.length === 1
}
