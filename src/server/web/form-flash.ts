import '@tanstack/react-start/server-only'
import { deleteCookie, getCookie, setCookie } from '@tanstack/react-start/server'
import { sealData, unsealData } from 'iron-session'
import type { FormFlash } from '~/contract/form-result'
import { getConfig } from '../config'
import { secureSessionCookie } from '../session/options'

/**
 * The errors of a form posted without JavaScript, carried across the redirect back to its page
 * (post/redirect/get) in a sealed cookie that lives a minute and is read once.
 */
const FLASH_COOKIE = 'asiguro_form'
const FLASH_TTL_SECONDS = 60
/** Browsers keep cookies up to 4 KB: long texts are cut, and a flash too large keeps only its errors. */
const MAX_VALUE_LENGTH = 1000
const MAX_SEALED_LENGTH = 3800
/** Values that are never written back into a page: secrets the visitor must type again. */
const SECRET_FIELD = /password|token|code|key|secret/i

const cookieOptions = () => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure: secureSessionCookie(getConfig()), maxAge: FLASH_TTL_SECONDS })

export async function writeFormFlash(flash: FormFlash): Promise<void> {
  const values = Object.fromEntries(
    Object.entries(flash.values)
      .filter(([name]) => !SECRET_FIELD.test(name) && !name.startsWith('_'))
      .map(([name, value]) => [name, typeof value === 'string' ? value.slice(0, MAX_VALUE_LENGTH) : value]),
  )
  const password = getConfig().SESSION_SECRET
  let sealed = await sealData({ ...flash, values }, { password, ttl: FLASH_TTL_SECONDS })
  if (sealed.length > MAX_SEALED_LENGTH) sealed = await sealData({ ...flash, values: {} }, { password, ttl: FLASH_TTL_SECONDS })
  setCookie(FLASH_COOKIE, sealed, cookieOptions())
}

/** The flash of the last form posted without JavaScript, removed as it is read; undefined when there is none. */
export async function takeFormFlash(): Promise<FormFlash | undefined> {
  const sealed = getCookie(FLASH_COOKIE)
  if (!sealed) return undefined
  deleteCookie(FLASH_COOKIE, { path: '/' })
  try {
    const flash = await unsealData<Partial<FormFlash>>(sealed, { password: getConfig().SESSION_SECRET, ttl: FLASH_TTL_SECONDS })
    if (typeof flash.form !== 'string' || typeof flash.fields !== 'object' || !flash.fields) return undefined
    return { form: flash.form, fields: flash.fields, values: flash.values ?? {} }
  } catch {
    return undefined // tampered or from another secret: ignored
  }
}
