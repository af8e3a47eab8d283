import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseKinds, operator, startTestApi, type TestApi } from '../support/api'

describe.each(databaseKinds)('exchange rates (%s)', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi(kind)
  })
  afterAll(() => t.close())

  it('starts outside production with the 2026 demonstration rates', async () => {
    expect(await t.deps.fx.current('EUR', '2026-11-23')).toMatchObject({ ronPerUnitMicros: 5_090_000, date: '2026-01-01' })
  })

  it('takes the newest rate on or before the day, as the operator sets it', async () => {
    const set = await operator(t, '/fx-rates/EUR', 'PUT', { rate: '5.0912', date: '2026-11-20' })
    expect(set.status).toBe(200)
    expect(await set.json()).toEqual({ currency: 'EUR', date: '2026-11-20', ron_per_unit: '5.0912', source: 'operator' })
    expect((await t.deps.fx.require('EUR', '2026-11-23')).ronPerUnitMicros).toBe(5_091_200)
    expect((await t.deps.fx.require('EUR', '2026-11-19')).ronPerUnitMicros).toBe(5_090_000)
    await expect(t.deps.fx.require('CHF', '2026-11-23')).rejects.toThrow(/CHF/)
  })

  it('loads a BNR document through the operator API, and refuses anything else', async () => {
    const xml = '<DataSet><Body><Cube date="2026-11-23"><Rate currency="EUR">5.1000</Rate><Rate currency="HUF" multiplier="100">1.3200</Rate></Cube></Body></DataSet>'
    const loaded = await operator(t, '/fx-rates/bnr', 'POST', { xml })
    expect(await loaded.json()).toEqual({ imported: 2 })
    const list = (await (await operator(t, '/fx-rates', 'GET')).json()) as { data: { currency: string; ron_per_unit: string }[] }
    expect(list.data).toEqual(expect.arrayContaining([expect.objectContaining({ currency: 'HUF', ron_per_unit: '0.0132' }), expect.objectContaining({ currency: 'EUR', ron_per_unit: '5.1' })]))
    expect((await operator(t, '/fx-rates/bnr', 'POST', { xml: '<html/>' })).status).toBe(422)
    expect((await operator(t, '/fx-rates/EUR', 'PUT', { rate: '0' })).status).toBe(422)
    expect((await t.call('/operator/fx-rates')).status).toBe(401)
  })

  it('refuses a rate the table cannot hold, and a document whose values do not fit, with 422 and no database text', async () => {
    // Found by `npm run fuzz`: 928315 lei per unit overflowed the column and answered 500.
    const tooDear = await operator(t, '/fx-rates/EAW', 'PUT', { rate: '928315' })
    expect(tooDear.status).toBe(422)
    expect(((await tooDear.json()) as { error: { message: unknown } }).error.message).toEqual({ rate: ['A rate must be at most 2147.483647 lei per unit.'] })
    expect((await operator(t, '/fx-rates/EAW', 'PUT', { rate: '2147.483647' })).status).toBe(200)
    const cube = (inner: string, date = '2026-11-23') => `<DataSet><Body><Cube date="${date}">${inner}</Cube></Body></DataSet>`
    for (const xml of [
      cube('<Rate currency="EUR">999999.5</Rate>'),
      cube('<Rate currency="HUF" multiplier="100000000">0.000001</Rate>'),
      cube('<Rate currency="eur!">5.1</Rate>'),
      cube('<Rate>5.1</Rate>'),
      cube('<Rate currency="EUR">5.1</Rate>', 'yesterday'),
      '<DataSet><Body><Cube><Rate currency="EUR">5.1</Rate></Cube></Body></DataSet>',
    ]) {
      const refused = await operator(t, '/fx-rates/bnr', 'POST', { xml })
      const text = await refused.text()
      expect(refused.status, text).toBe(422)
      expect(text).not.toMatch(/Failed query|insert into|out of range|violates|invalid input syntax|Cannot read/)
    }
  })
})
