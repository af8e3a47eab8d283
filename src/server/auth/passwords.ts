import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import { hash, parseOptions, verify, type Algorithm, type Version } from '@node-rs/argon2'
import type { dictionary } from '@zxcvbn-ts/language-common'
import { PASSWORD_MAX, PASSWORD_MIN } from '~/contract/auth'

export type PasswordProblem = 'too_short' | 'too_long' | 'common' | 'personal'

let commonPasswords: Set<string> | undefined

/** The ~49k common and breached passwords (lower case), decompressed on first use only: it costs tens of milliseconds. */
function commonPasswordSet(): Set<string> {
  if (!commonPasswords) {
    const list = (createRequire(import.meta.url)('@zxcvbn-ts/language-common') as { dictionary: typeof dictionary }).dictionary['passwords-common']
    commonPasswords = new Set(list)
  }
  return commonPasswords
}

const isLetter = (char: string) => /[\p{L}\p{M}]/u.test(char)

/**
 * A listed password with only digits, punctuation or symbols around it (`password1234!`,
 * `2024qwerty123`). The listed part must hold a letter: any long number contains some listed
 * number, and counting those would refuse every numeric password.
 */
function isDecoratedCommon(text: string, common: Set<string>): boolean {
  // Cut points between code points, in UTF-16 offsets, so an emoji is never split.
  const cuts = [0]
  for (const char of text) cuts.push(cuts.at(-1)! + char.length)
  const chars = [...text]
  const first = chars.findIndex(isLetter)
  if (first < 0) return false
  const last = chars.findLastIndex(isLetter)
  for (let start = 0; start <= first; start++) {
    for (let end = last + 1; end <= chars.length; end++) {
      if (common.has(text.slice(cuts[start], cuts[end]))) return true
    }
  }
  return false
}

/** Forwards or backwards along digits or the alphabet, wrapping around (`123456789012`, `zyxwvutsrqpo`). */
function isRun(text: string): boolean {
  const reversed = [...text].reverse().join('')
  return ['0123456789', 'abcdefghijklmnopqrstuvwxyz'].some((alphabet) => {
    const cycle = alphabet.repeat(Math.ceil(text.length / alphabet.length) + 1)
    return cycle.includes(text) || cycle.includes(reversed)
  })
}

/** Lower case without diacritics, so `Ștefan` also matches `stefan`. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** The e-mail local part (without a `+tag`) and the names, whole and by part, of 4 characters or more. */
function personalWords(context: { email?: string; firstName?: string; lastName?: string }): string[] {
  const local = context.email?.split('@', 1)[0]?.split('+', 1)[0]
  return [local, context.firstName, context.lastName]
    .flatMap((value) => (value ? [value, ...value.split(/[\s._+-]+/)] : []))
    .map(fold)
    .filter((word) => [...word].length >= 4)
}

/** Everything wrong with a new password, in a stable order; empty when it is acceptable. */
export function passwordProblems(password: string, context: { email?: string; firstName?: string; lastName?: string }): PasswordProblem[] {
  const normalized = password.normalize('NFC')
  const chars = [...normalized]
  // A hostile megabyte of input is refused before the quadratic decorated-password search.
  if (chars.length > PASSWORD_MAX) return ['too_long']
  const problems: PasswordProblem[] = chars.length < PASSWORD_MIN ? ['too_short'] : []
  const lower = normalized.toLowerCase()
  const common = commonPasswordSet()
  if (common.has(lower) || isDecoratedCommon(lower, common) || /^(.)\1*$/su.test(lower) || isRun(lower)) problems.push('common')
  const folded = fold(normalized)
  if (personalWords(context).some((word) => folded.includes(word))) problems.push('personal')
  return problems
}

// OWASP's minimum for argon2id. `Algorithm` and `Version` are const enums that isolatedModules cannot read.
const ARGON2 = { algorithm: 2 as Algorithm.Argon2id, version: 1 as Version.V0x13, memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 }

/**
 * Passwords are hashed in NFC, so the same password typed on systems that compose accents
 * differently still matches. Never truncated.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFC'), ARGON2)
}

/** False for a wrong password and for a hash that cannot be read. */
export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password.normalize('NFC'))
  } catch {
    return false
  }
}

/** True when the hash was made with other parameters (or cannot be read): rehash after the next successful sign-in. */
export function needsRehash(hashed: string): boolean {
  try {
    const options = parseOptions(hashed)
    return (Object.keys(ARGON2) as (keyof typeof ARGON2)[]).some((key) => options[key] !== ARGON2[key])
  } catch {
    return true
  }
}

let dummyHash: Promise<string> | undefined

/**
 * Spends what checking a password costs, for sign-ins with an unknown e-mail, so the answer's
 * timing does not reveal which accounts exist. The dummy hash follows the current parameters;
 * making it on the first call costs the same as one verification.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  if (dummyHash) await verifyPassword(await dummyHash, password)
  else await (dummyHash = hashPassword(randomBytes(32).toString('base64url')))
  return false
}
