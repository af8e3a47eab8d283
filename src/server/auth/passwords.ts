import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import { hash, parseOptions, verify, type Algorithm, type Version } from '@node-rs/argon2'
import type { ZxcvbnFactory } from '@zxcvbn-ts/core'
import type { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'
import { PASSWORD_MAX, PASSWORD_MIN } from '~/contract/auth'
import { ROMANIAN_PASSWORD_WORDS } from './password-words'

export type PasswordProblem = 'too_short' | 'too_long' | 'guessable' | 'personal'

/** What the site knows of the person choosing the password, and its brand: dictionary words an attacker would try first. */
export interface PasswordContext {
  email?: string | undefined
  firstName?: string | undefined
  lastName?: string | undefined
  phone?: string | null | undefined
  brand?: string | undefined
}

/**
 * The lowest zxcvbn score accepted: 3 means an estimated 10^8 guesses or more, "safely
 * unguessable" against an online attack and a slow (argon2id) offline one (zxcvbn's own advice).
 */
export const MIN_PASSWORD_SCORE = 3

interface Strength {
  estimator: ZxcvbnFactory
  common: Set<string>
}
let strength: Strength | undefined

/**
 * The zxcvbn estimator with the common dictionaries (~49k breached passwords, diceware words,
 * keyboard layouts) and Romanian words, plus the list as a set. Loaded on first use only:
 * decompressing the dictionaries costs tens of milliseconds and some megabytes.
 * Levenshtein matching stays off: it makes a check cost up to a second.
 */
function strengthTools(): Strength {
  if (!strength) {
    const require = createRequire(import.meta.url)
    const { ZxcvbnFactory } = require('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core')
    const common = require('@zxcvbn-ts/language-common') as { dictionary: typeof dictionary; adjacencyGraphs: typeof adjacencyGraphs }
    strength = {
      estimator: new ZxcvbnFactory({ dictionary: { ...common.dictionary, romanian: [...ROMANIAN_PASSWORD_WORDS] }, graphs: common.adjacencyGraphs }),
      common: new Set(common.dictionary['passwords-common']),
    }
  }
  return strength
}

const isLetter = (char: string) => /[\p{L}\p{M}]/u.test(char)

/**
 * A listed password with only digits, punctuation or symbols around it (`!!dragon2024!!`):
 * zxcvbn prices the padding as brute force and rates these strong. The listed part must hold a
 * letter: any long number contains some listed number.
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

/** Lower case without diacritics, so `Ștefan` also matches `stefan`. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** The national number of a Romanian phone (`722123456` of `+40 722 123 456`), or undefined. */
function nationalNumber(phone: string | null | undefined): string | undefined {
  const digits = phone?.replace(/\D/g, '')
  if (!digits) return undefined
  return digits.replace(/^(40|0)/, '')
}

/** The e-mail local part (without a `+tag`) and the names, whole and by part, of 4 characters or more; the phone's national number. */
function personalWords(context: PasswordContext): string[] {
  const local = context.email?.split('@', 1)[0]?.split('+', 1)[0]
  const words = [local, context.firstName, context.lastName]
    .flatMap((value) => (value ? [value, ...value.split(/[\s._+-]+/)] : []))
    .map(fold)
    .filter((word) => [...word].length >= 4)
  const phone = nationalNumber(context.phone)
  return phone && phone.length >= 6 ? [...words, phone] : words
}

/**
 * The words zxcvbn is told an attacker knows: the brand (the configured one and ours), the
 * e-mail address, its local part and domain, the names and the phone in the forms people write it.
 */
function dictionaryOf(context: PasswordContext): string[] {
  const [local, domain] = (context.email ?? '').split('@', 2)
  const phone = nationalNumber(context.phone)
  return [
    'asiguro',
    context.brand,
    context.email,
    local,
    ...(local ?? '').split(/[._+-]+/),
    domain?.split('.')[0],
    context.firstName,
    context.lastName,
    ...(phone ? [phone, `0${phone}`, `40${phone}`] : []),
  ]
    .filter((word): word is string => Boolean(word && word.length >= 3))
    .map(fold)
}

/** Everything wrong with a new password, in a stable order; empty when it is acceptable. */
export function passwordProblems(password: string, context: PasswordContext): PasswordProblem[] {
  const normalized = password.normalize('NFC')
  const chars = [...normalized]
  // A hostile megabyte of input is refused before the estimator and the quadratic search see it.
  if (chars.length > PASSWORD_MAX) return ['too_long']
  const problems: PasswordProblem[] = chars.length < PASSWORD_MIN ? ['too_short'] : []
  const { estimator, common } = strengthTools()
  const folded = fold(normalized)
  // zxcvbn reads the folded text, so `București2024` meets the dictionary's `bucuresti`.
  if (estimator.check(folded, dictionaryOf(context)).score < MIN_PASSWORD_SCORE || isDecoratedCommon(normalized.toLowerCase(), common)) problems.push('guessable')
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
/**
 * The password of an account made at checkout (`store-from-product-page`) until its holder sets
 * one from the mailed link: not an argon2 string, so nothing matches it, and it says that nobody
 * has proven anything yet (decision 94): confirming the address then ends the account's sessions.
 */
export const NO_PASSWORD_YET = '!no-password-yet'

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
