import { and, isNull, sql } from 'drizzle-orm'
import { isLocale } from '~/i18n/locales'
import type { AppConfig } from '../../../app.config'
import type { Queryable } from '../db/client'
import { orders, type users } from '../db/schema'
import { log } from '../log'
import type { Mailer } from '../mail/mailer'

/**
 * The orders guests placed for `email` that no account holds yet join the account that has just
 * proven the address from the mailed link (decision 94). Until then they are read with their
 * order token only: an account made for a typed address proves nothing. Answers how many joined.
 */
export async function joinGuestOrders(tx: Queryable, userId: string, email: string): Promise<number> {
  const joined = await tx
    .update(orders)
    .set({ userId, updatedAt: new Date() })
    .where(and(isNull(orders.userId), sql`${orders.customer}->>'email' = ${email}`))
    .returning({ id: orders.id })
  return joined.length
}

/** Tells the holder that `joined` guest orders are now in the account, and where (the `orders-joined` mail). */
export async function tellOfJoinedOrders(
  deps: { mailer: Mailer; config: Pick<AppConfig, 'PUBLIC_URL' | 'SUPPORT_EMAIL'> },
  user: Pick<typeof users.$inferSelect, 'id' | 'email' | 'locale'>,
  joined: number,
): Promise<void> {
  if (joined === 0) return
  const locale = isLocale(user.locale) ? user.locale : 'ro'
  await deps.mailer.send('orders-joined', user.email, locale, { link: `${deps.config.PUBLIC_URL}/account/orders`, support: deps.config.SUPPORT_EMAIL })
  log.info('account.guest_orders_joined', { userId: user.id, orders: joined })
}
