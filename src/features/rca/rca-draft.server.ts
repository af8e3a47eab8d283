import '@tanstack/react-start/server-only'
import { getCookie, setCookie } from '@tanstack/react-start/server'
import { sealData, unsealData } from 'iron-session'
import { getConfig } from '~/server/config'
import { secureSessionCookie } from '~/server/session/options'
import type { RcaDraft } from './rca-steps-model'

/**
 * What the visitor entered in the RCA quote form's steps, kept between the steps in a sealed,
 * httpOnly cookie (decision 72): it survives a reload, going back and a browser without
 * JavaScript, and never reaches the page's scripts (a CNP is personal data). A day, then gone.
 */
const DRAFT_COOKIE = 'asiguro_rca'
const DRAFT_TTL_SECONDS = 24 * 60 * 60

const options = () => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: secureSessionCookie(getConfig()),
  maxAge: DRAFT_TTL_SECONDS,
})

export async function readRcaDraft(): Promise<RcaDraft> {
  const sealed = getCookie(DRAFT_COOKIE)
  if (!sealed) return {}
  try {
    const draft = await unsealData<RcaDraft>(sealed, {
      password: getConfig().SESSION_SECRET,
      ttl: DRAFT_TTL_SECONDS,
    })
    return typeof draft === 'object' && draft !== null ? draft : {}
  } catch {
    return {} // tampered, expired or from another secret: start again
  }
}

export async function writeRcaDraft(draft: RcaDraft): Promise<void> {
  setCookie(
    DRAFT_COOKIE,
    await sealData(draft, {
      password: getConfig().SESSION_SECRET,
      ttl: DRAFT_TTL_SECONDS,
    }),
    options(),
  )
}
