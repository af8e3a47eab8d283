import { describe, expect, it } from 'vitest'
import { hashPassword, needsRehash, passwordProblems, verifyAgainstDummy, verifyPassword } from '~/server/auth/passwords'

const problems = (password: string) => passwordProblems(password, {})

describe('password rules', () => {
  it('counts length in code points, 12 to 128, spaces allowed', () => {
    expect(problems('vX9#kq2 Lw7p'.slice(0, 11))).toEqual(['too_short'])
    expect(problems('vX9#kq2 Lw7p')).toEqual([])
    expect(problems('tulip river '.repeat(6).slice(0, 64))).toEqual([])
    expect(problems('tulip river '.repeat(11).slice(0, 128))).toEqual([])
    expect(problems('tulip river '.repeat(11).slice(0, 129))).toEqual(['too_long'])
    // 11 UTF-16 units + one astral emoji: 13 units but 12 code points.
    expect(problems('vX9#kq2Lw7p😀')).toEqual([])
    expect(problems('vX9#kq2Lw7😀')).toEqual(['too_short'])
    // A decomposed accent is one code point once composed (NFC).
    expect(problems('vX9#kq2Lw7pe\u0301')).toEqual([])
    expect(problems('vX9#kq2Lw7e\u0301')).toEqual(['too_short'])
  })

  it('refuses guessable passwords by zxcvbn score: keyboard runs, the brand, repeats, common words with years, sequences', () => {
    for (const weak of ['qwertyuiopas', 'asiguro12345', 'letmeinletme', 'correcthorse', 'Bucuresti2024', 'București2024', 'a1b2c3d4e5f6', 'parola123456']) {
      expect(problems(weak), weak).toEqual(['guessable'])
    }
    for (const weak of ['password1234', 'qwertyuiop123', 'aaaaaaaaaaaa', '123456789012', 'Password1234!', '2024qwerty123', 'abcdefghijkl', 'zyxwvutsrqpo', '            ']) {
      expect(problems(weak), weak).toContain('guessable')
    }
    // zxcvbn prices symbol padding as brute force; a listed password inside it is still refused.
    expect(problems('!!Dragon2024!!')).toEqual(['guessable'])
    // A too-short password is told both things at once.
    expect(problems('short')).toEqual(['too_short', 'guessable'])
  })

  it('counts the configured brand as a dictionary word', () => {
    expect(passwordProblems('Broktopia2024!', { brand: 'Broktopia' })).toEqual(['guessable'])
    expect(passwordProblems('Broktopia2024!', {})).toEqual([])
  })

  it('accepts strong passwords: a passphrase, a long random number, random characters', () => {
    expect(problems('correct horse battery staple')).toEqual([])
    expect(problems('blue cactus orbits 42 slowly')).toEqual([])
    expect(problems('839274619283')).toEqual([])
    expect(problems('my password is long 2024')).toEqual([])
    expect(problems('vX9#kq2 Lw7p')).toEqual([])
  })

  it('refuses the e-mail local part, names of 4 characters or more and the phone, ignoring case and diacritics', () => {
    const context = { email: 'ana.popescu+asig@example.ro', firstName: 'Ștefania', lastName: 'Pop', phone: '+40 722 123 456' }
    expect(passwordProblems('xx ANA.POPESCU xx', context)).toContain('personal')
    expect(passwordProblems('my name: popescu!', context)).toContain('personal')
    expect(passwordProblems('hello stefania 77', context)).toContain('personal')
    expect(passwordProblems('call me at 0722123456 ok', context)).toContain('personal')
    // "Pop" and "ana" are too short to count.
    expect(passwordProblems('pop and ana go 8', context)).toEqual([])
  })

  it('gives zxcvbn the user’s own data as dictionary words', () => {
    // Strong for a stranger, guessable for the person it names.
    const context = { email: 'zamfirescu.radu@example.ro', firstName: 'Radu', lastName: 'Zamfirescu' }
    expect(problems('Zamfirescu1984')).toEqual([])
    expect(passwordProblems('Zamfirescu1984', context)).toContain('guessable')
  })
})

describe('password hashing', () => {
  it('hashes with argon2id and explicit parameters, and verifies', async () => {
    const hashed = await hashPassword('correct horse battery staple')
    expect(hashed.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true)
    expect(await verifyPassword(hashed, 'correct horse battery staple')).toBe(true)
    expect(await verifyPassword(hashed, 'correct horse battery stapl')).toBe(false)
    expect(needsRehash(hashed)).toBe(false)
  })

  it('verifies the composed and decomposed forms of the same password', async () => {
    expect(await verifyPassword(await hashPassword('cafe\u0301 au lait 42'), 'café au lait 42')).toBe(true)
  })

  it('answers false for a malformed hash and asks to rehash old parameters', async () => {
    for (const bad of ['', 'not a hash', '$argon2id$v=19$m=19456,t=2,p=1$abc', '$argon2id$v=19$m=1,t=2,p=1$YWJjZGVmZ2hpamtsbW5vcA$YWJj']) {
      expect(await verifyPassword(bad, 'x')).toBe(false)
      expect(needsRehash(bad)).toBe(true)
    }
    expect(needsRehash('$argon2id$v=19$m=65536,t=3,p=4$YWJjZGVmZ2hpamtsbW5vcA$4RPGnmRfEzbqOxrpdE2MuJmV63ZAhjD2fsKlOiH7IeY')).toBe(true)
  })

  it('spends a verification on unknown accounts and always answers false', async () => {
    expect(await verifyAgainstDummy('anything at all')).toBe(false)
    expect(await verifyAgainstDummy('anything at all')).toBe(false)
  })
})
