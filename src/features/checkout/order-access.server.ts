import '@tanstack/react-start/server-only'
import { getCookie, setCookie } from '@tanstack/react-start/server'
import { sealData, unsealData } from 'iron-session'
import { ORDER_TOKEN_HEADER } from '~/contract/orders'
import { getConfig } from '~/server/config'
import { secureSessionCookie } from '~/server/session/options'

/**
 * A guest's right to follow the orders they made in this browser: the order tokens the API
 * answered at creation, in a sealed httpOnly cookie (the page's scripts never see them), the
 * last ten, for a month. Signed-in buyers need none: their bearer is enough.
 */
const ORDERS_COOKIE = 'asiguro_orders'
const TTL_SECONDS = 30 * 24 * 60 * 60
const KEEP = 10

type Tokens = Record<string, string>

async function readTokens(): Promise<Tokens> {
  const sealed = getCookie(ORDERS_COOKIE)
  if (!sealed) return {}
  try {
    const tokens = await unsealData<Tokens>(sealed, {
      password: getConfig().SESSION_SECRET,
      ttl: TTL_SECONDS,
    })
    return typeof tokens === 'object' && tokens !== null ? tokens : {}
  } catch {
    return {}
  }
}

export async function rememberGuestOrder(orderId: string, token: string): Promise<void> {
  const kept = Object.entries(await readTokens()).filter(([id]) => id !== orderId)
  const tokens = Object.fromEntries([...kept.slice(-(KEEP - 1)), [orderId, token]])
  setCookie(
    ORDERS_COOKIE,
    await sealData(tokens, {
      password: getConfig().SESSION_SECRET,
      ttl: TTL_SECONDS,
    }),
    {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureSessionCookie(getConfig()),
      maxAge: TTL_SECONDS,
    },
  )
}

/** The header that lets a guest read an order of theirs, when this browser made it. */
export async function orderAccessHeaders(orderId: string): Promise<Record<string, string>> {
  const token = (await readTokens())[orderId]
  return token ? { [ORDER_TOKEN_HEADER]: token } : {}
}
