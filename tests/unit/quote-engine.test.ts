import { describe, expect, it } from 'vitest'
import { Batcher } from '~/server/quotes/batcher'
import { LongPollWakeUps } from '~/server/http/long-poll'
import { canonicalJson, quoteBehaviour, quoteReference } from '~/server/sandbox/insurers/behaviour'

describe('sandbox insurer behaviour', () => {
  const first = { attempt: 1, at: new Date('2026-11-24T10:00:00Z') }

  it('depends on the request, not on the order of its keys', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"e":3,"f":2}]},"b":1}')
    expect(quoteBehaviour('asirom', 'rca', { x: 1, y: 2 }, first)).toEqual(quoteBehaviour('asirom', 'rca', { y: 2, x: 1 }, first))
    expect(quoteReference('asirom', 'rca', { x: 1 })).toBe(quoteReference('asirom', 'rca', { x: 1 }))
  })

  it('differs between insurers for the same request', () => {
    const draws = ['allianz-tiriac', 'asirom', 'axeria', 'generali', 'grawe'].map((code) => quoteBehaviour(code, 'rca', { plate: 'CJ12ABC' }, first).latencyMs)
    expect(new Set(draws).size).toBeGreaterThan(3)
  })

  it('draws again for another try or another minute, the same within a minute: a failure is not the request’s fate', () => {
    const requests = Array.from({ length: 3000 }, (_, n) => ({ plate: `CJ${n}ABC` }))
    const failedFirst = requests.filter((r) => quoteBehaviour('nusz', 'hu-vignette', r, first).outcome !== 'answer')
    expect(failedFirst.length).toBeGreaterThan(50)
    for (const r of failedFirst) expect(quoteBehaviour('nusz', 'hu-vignette', r, { ...first, at: new Date('2026-11-24T10:00:59Z') }).outcome).not.toBe('answer')
    const share = (draw: typeof first) => failedFirst.filter((r) => quoteBehaviour('nusz', 'hu-vignette', r, draw).outcome === 'answer').length / failedFirst.length
    // The broker's second try, or the visitor asking again a minute later, mostly gets an answer.
    expect(share({ ...first, attempt: 2 })).toBeGreaterThan(0.85)
    expect(share({ ...first, at: new Date('2026-11-24T10:01:00Z') })).toBeGreaterThan(0.85)
    // The price reference stays bound to the request alone.
    expect(quoteReference('nusz', 'hu-vignette', requests[0])).toBe(quoteReference('nusz', 'hu-vignette', { plate: 'CJ0ABC' }))
  })
})

describe('Batcher', () => {
  it('writes the first item at once and the ones that arrive meanwhile together', async () => {
    const batches: number[][] = []
    let release = () => {}
    const batcher = new Batcher<number>(async (items) => {
      batches.push(items)
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve))
    })
    const first = batcher.write(1)
    const rest = [batcher.write(2), batcher.write(3), batcher.write(4)]
    release()
    await Promise.all([first, ...rest])
    expect(batches).toEqual([[1], [2, 3, 4]])
  })

  it('rejects every item of a batch that failed, and goes on with the next', async () => {
    let calls = 0
    const batcher = new Batcher<number>(async () => {
      calls += 1
      if (calls === 1) throw new Error('database down')
    })
    await expect(batcher.write(1)).rejects.toThrow('database down')
    await expect(batcher.write(2)).resolves.toBeUndefined()
  })

  it('writes a failed batch again item by item, so only the bad item fails', async () => {
    const batches: number[][] = []
    let release = () => {}
    const batcher = new Batcher<number>(async (items) => {
      batches.push(items)
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve))
      if (items.includes(3)) throw new Error('bad row')
    })
    const first = batcher.write(1)
    const rest = [batcher.write(2), batcher.write(3), batcher.write(4)]
    release()
    await first
    expect(await Promise.allSettled(rest)).toMatchObject([{ status: 'fulfilled' }, { status: 'rejected', reason: { message: 'bad row' } }, { status: 'fulfilled' }])
    expect(batches).toEqual([[1], [2, 3, 4], [2], [3], [4]])
  })
})

describe('LongPollWakeUps', () => {
  it('wakes the waiters of one quote only, and lets the others time out', async () => {
    const notifier = new LongPollWakeUps()
    let woken = ''
    const a = notifier.wait('a', 10_000).then(() => (woken += 'a'))
    const b = notifier.wait('b', 20).then(() => (woken += 'b'))
    expect(notifier.waiting).toBe(2)
    notifier.notify('a')
    await a
    expect(woken).toBe('a')
    await b
    expect(woken).toBe('ab')
    expect(notifier.waiting).toBe(0)
  })

  it('lets a waiter go when its request is aborted (the caller went away)', async () => {
    const notifier = new LongPollWakeUps()
    const gone = new AbortController()
    const waiting = notifier.wait('a', 60_000, gone.signal)
    expect(notifier.waiting).toBe(1)
    gone.abort()
    expect(await waiting).toBe(false)
    expect(notifier.waiting).toBe(0)
    expect(await notifier.wait('a', 60_000, gone.signal)).toBe(false) // already aborted: at once
    expect(notifier.waiting).toBe(0)
    const woken = notifier.wait('a', 60_000)
    notifier.notify('a')
    expect(await woken).toBe(true)
  })
})
