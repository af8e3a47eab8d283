import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { rateLimits } from '../db/schema'

export interface Limit {
  /** What is counted, e.g. `login:ip:203.0.113.9`. */
  key: string
  max: number
  windowMs: number
}

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterS: number }

/** Counts attempts per key in fixed windows; one implementation per store. */
export interface RateLimiter {
  hit(limit: Limit, now?: number): Promise<RateVerdict>
  /** Gives back one attempt of the current window: the call it counted turned out harmless. */
  refund(limit: Limit, now?: number): Promise<void>
  reset(key: string): Promise<void>
}

/**
 * Fixed-window counters in the database: atomic upsert, so every node on one PostgreSQL
 * agrees, and the embedded database works alone. Old rows are harmless (the next hit resets them).
 */
export class DatabaseRateLimiter implements RateLimiter {
  constructor(private readonly db: Database) {}

  async hit(limit: Limit, now = Date.now()): Promise<RateVerdict> {
    const windowStart = new Date(now - (now % limit.windowMs))
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key: limit.key, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowStart} = ${windowStart.toISOString()}::timestamptz then ${rateLimits.count} + 1 else 1 end`,
          windowStart,
        },
      })
      .returning({ count: rateLimits.count })
    if ((row?.count ?? 1) <= limit.max) return { allowed: true }
    return { allowed: false, retryAfterS: Math.max(1, Math.ceil((windowStart.getTime() + limit.windowMs - now) / 1000)) }
  }

  async refund(limit: Limit, now = Date.now()): Promise<void> {
    const windowStart = new Date(now - (now % limit.windowMs))
    await this.db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(sql`${rateLimits.key} = ${limit.key} and ${rateLimits.windowStart} = ${windowStart.toISOString()}::timestamptz`)
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`)
  }
}

const minute = 60_000
const hour = 60 * minute

/**
 * The limits of the accounts calls (ASVS 5.0 6.1.1, 6.3.1). Per account and per IP, so one
 * address cannot try many accounts and many addresses cannot hammer one account.
 */
export const authLimits = {
  // Sign-in limits count failures: a successful sign-in gives its attempt back (decision 44).
  loginPerAccount: (email: string): Limit => ({ key: `login:account:${email}`, max: 10, windowMs: 15 * minute }),
  loginPerIp: (ip: string): Limit => ({ key: `login:ip:${ip}`, max: 30, windowMs: 15 * minute }),
  registerPerIp: (ip: string): Limit => ({ key: `register:ip:${ip}`, max: 10, windowMs: hour }),
  // The owner's notice of a registration tried with their address: a few an hour, whoever tries.
  registrationNoticePerAccount: (userId: string): Limit => ({ key: `register-notice:user:${userId}`, max: 3, windowMs: hour }),
  resetPerIp: (ip: string): Limit => ({ key: `reset:ip:${ip}`, max: 10, windowMs: hour }),
  resetPerAccount: (email: string): Limit => ({ key: `reset:account:${email}`, max: 3, windowMs: hour }),
  emailCheckPerIp: (ip: string): Limit => ({ key: `email-check:ip:${ip}`, max: 30, windowMs: hour }),
  twoFactorPerUser: (userId: string): Limit => ({ key: `2fa:user:${userId}`, max: 5, windowMs: 5 * minute }),
  emailCodePerUser: (userId: string): Limit => ({ key: `2fa-mail:user:${userId}`, max: 3, windowMs: 10 * minute }),
  twoFactorSetupPerUser: (userId: string): Limit => ({ key: `2fa-setup:user:${userId}`, max: 10, windowMs: hour }),
  // Account settings of a signed-in user: each checks the password or sends mail, so a stolen
  // session can neither guess the password nor flood a mailbox.
  passwordChangePerUser: (userId: string): Limit => ({ key: `password-change:user:${userId}`, max: 5, windowMs: 15 * minute }),
  emailChangePerUser: (userId: string): Limit => ({ key: `email-change:user:${userId}`, max: 5, windowMs: hour }),
  verificationResendPerUser: (userId: string): Limit => ({ key: `email-verify:user:${userId}`, max: 3, windowMs: hour }),
  accountDeletePerUser: (userId: string): Limit => ({ key: `account-delete:user:${userId}`, max: 5, windowMs: 15 * minute }),
}
