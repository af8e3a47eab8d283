import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { counties } from '~/contract/counties'
import { placeKey } from '~/contract/place-names'
import { checkPlace, findCounty, findLocality, localitiesOf } from '~/server/addresses/siruta'
import type { HouseQuoteInput } from '~/contract/house'
import { existingPadProblem, houseAddress } from '~/server/products/house/rules'
import { findSandboxPadPolicy } from '~/server/sandbox/insurers/pad-registry'

describe('SIRUTA look-up', () => {
  it('keys a name without case, diacritics (comma or cedilla), dots or hyphens', () => {
    expect(placeKey('Târgu-Jiu')).toBe('targu jiu')
    expect(placeKey('ŞTEFĂNEŞTI')).toBe(placeKey('Ștefănești'))
    expect(placeKey('  C.A.Rosetti ')).toBe(placeKey('C.A. Rosetti'))
  })

  it('finds a county by its name or plate code, whatever the case or diacritics, and refuses Narnia', () => {
    expect(findCounty('cluj')).toBe('Cluj')
    expect(findCounty('CJ')).toBe('Cluj')
    expect(findCounty('bistrita nasaud')).toBe('Bistrița-Năsăud')
    expect(findCounty('BUCURESTI')).toBe('București')
    expect(findCounty('b')).toBe('București')
    expect(findCounty('Narnia')).toBeUndefined()
    expect(findCounty('')).toBeUndefined()
  })

  it('answers a locality of its county by its official name', () => {
    expect(findLocality('Cluj', 'cluj napoca')).toBe('Cluj-Napoca')
    expect(findLocality('Gorj', 'TARGU JIU')).toBe('Târgu Jiu')
    expect(findLocality('Iași', 'iasi')).toBe('Iași')
    expect(findLocality('Alba', 'aiudul de sus')).toBe('Aiudul de Sus')
  })

  it('knows Bucharest by its sectors, however a sector is written, and by itself', () => {
    expect(localitiesOf('București')).toEqual(['București', ...[1, 2, 3, 4, 5, 6].map((n) => `București Sectorul ${n}`)])
    for (const typed of ['Sector 3', 'sectorul 3', 'bucuresti sector 3', 'București, Sectorul 3', 'BUCUREȘTI SECTORUL 3']) expect(findLocality('București', typed), typed).toBe('București Sectorul 3')
    expect(findLocality('București', 'Sector 7')).toBeUndefined()
    expect(findLocality('Ilfov', 'Sector 3')).toBeUndefined()
  })

  it('checks the pair: a locality of another county is refused on the locality, an unknown county on the county', () => {
    expect(checkPlace('iasi', 'turda')).toEqual({ ok: false, problem: 'locality_unknown' })
    expect(checkPlace('Cluj', 'Turda')).toEqual({ ok: true, county: 'Cluj', locality: 'Turda' })
    expect(checkPlace('Narnia', 'Cair Paravel')).toEqual({ ok: false, problem: 'county_unknown' })
    expect(checkPlace('Cluj', 'Narnia')).toEqual({ ok: false, problem: 'locality_unknown' })
  })

  it('has every county, each with its localities sorted, each name once', () => {
    for (const county of counties) {
      const names = localitiesOf(county.name)
      expect(names?.length, county.name).toBeGreaterThan(county.code === 'B' ? 6 : 50)
      expect(new Set(names!.map(placeKey)).size, county.name).toBe(names!.length)
      expect([...names!].sort((a, b) => a.localeCompare(b, 'ro')), county.name).toEqual(names)
    }
    expect(localitiesOf('Narnia')).toBeUndefined()
  })

  const csv = '/work/shared/domain/siruta.csv'
  it.skipIf(!existsSync(csv))('is what scripts/siruta.ts makes of INS’s file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'siruta-'))
    try {
      const target = path.join(dir, 'siruta-localities.ts')
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/siruta.ts', csv, target], { stdio: 'pipe' })
      expect(readFileSync(target, 'utf8')).toBe(readFileSync('src/server/addresses/siruta-localities.ts', 'utf8'))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('the house address and an existing PAD', () => {
  const request = (over: Partial<HouseQuoteInput> = {}): HouseQuoteInput => ({
    address: { county: 'cj', locality: 'CLUJ NAPOCA', street: 'str horea 12' },
    building: { wall_material: 'brick', built_area_m2: 80, year_built: 1990, floors: 1, seismic_risk_class: null },
    cover: 'optional',
    existing_pad_number: 'PAD-CJ-100001',
    start_date: '2026-12-01',
    token: '',
    ...over,
  })

  it('keeps the official names, or names the field SIRUTA does not know', () => {
    expect(houseAddress(request())).toMatchObject({ request: { address: { county: 'Cluj', locality: 'Cluj-Napoca', street: 'str horea 12' } }, problems: [] })
    expect(houseAddress(request({ address: { county: 'Narnia', locality: 'Cluj-Napoca', street: 'x' } })).problems).toEqual([{ path: 'address.county', key: 'house_address_county_unknown' }])
    expect(houseAddress(request({ address: { county: 'Iași', locality: 'Turda', street: 'x' } })).problems).toEqual([{ path: 'address.locality', key: 'house_address_locality_unknown' }])
  })

  it('accepts the pool’s PAD for this home in force on the start date, and says what is wrong otherwise', () => {
    const home = houseAddress(request()).request
    const policy = findSandboxPadPolicy('pad-cj-100001')!
    expect(existingPadProblem(home, policy)).toBeUndefined()
    expect(existingPadProblem(home, null)).toEqual({ path: 'existing_pad_number', key: 'house_pad_unknown' })
    expect(existingPadProblem({ ...home, start_date: '2037-01-01' }, policy)).toMatchObject({ key: 'house_pad_not_in_force' })
    expect(existingPadProblem({ ...home, start_date: policy.end_date }, policy)).toBeUndefined()
    expect(existingPadProblem({ ...home, address: { ...home.address, street: 'Str. Horea 14' } }, policy)).toMatchObject({ key: 'house_pad_other_address' })
    expect(existingPadProblem({ ...home, address: { ...home.address, locality: 'Turda' } }, policy)).toMatchObject({ key: 'house_pad_other_address' })
  })
})
