import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { jobs } from '~/server/db/schema'
import { nodeWakeUpOf } from '~/server/jobs/node-wake-up'
import { JobQueue, PermanentJobError } from '~/server/jobs/queue'
import { databaseKinds, startTestApi, type TestApi } from '../support/api'

describe.each(databaseKinds)('job queue (%s)', (kind) => {
  let t: TestApi
  // A queue of its own, never started: each test runs it by hand, at chosen times.
  let queue: JobQueue
  const seen: string[] = []
  let flaky = 0

  beforeAll(async () => {
    t = await startTestApi(kind)
    queue = new JobQueue(t.deps.database.db)
    queue.define({ kind: 'test.record', payload: z.object({ value: z.string() }), run: async ({ value }) => void seen.push(value) })
    queue.define({
      kind: 'test.flaky',
      payload: z.object({}),
      maxAttempts: 3,
      backoffMs: () => 60_000,
      run: async () => {
        flaky++
        throw new Error('insurer unreachable')
      },
    })
    queue.define({
      kind: 'test.refused',
      payload: z.object({}),
      run: async () => {
        throw new PermanentJobError('refused')
      },
    })
  })
  afterAll(() => t.close())

  const row = async (id: string) => (await t.deps.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!

  it('runs a queued job once, and a payload that does not match its kind fails without running', async () => {
    const id = (await queue.enqueue('test.record', { value: 'a' }))!
    const bad = (await queue.enqueue('test.record', { value: 42 }))!
    await queue.runDue()
    await queue.runDue()
    expect(seen.filter((v) => v === 'a')).toHaveLength(1)
    expect((await row(id)).status).toBe('done')
    expect((await row(bad)).status).toBe('failed')
  })

  it('queues a key once: a second enqueue with the same dedupe key does nothing', async () => {
    const first = await queue.enqueue('test.record', { value: 'once' }, { dedupeKey: 'reminder:x:30' })
    const second = await queue.enqueue('test.record', { value: 'twice' }, { dedupeKey: 'reminder:x:30' })
    expect(first).toBeDefined()
    expect(second).toBeUndefined()
    await queue.runDue()
    expect(seen).toContain('once')
    expect(seen).not.toContain('twice')
  })

  it('waits for a future run time', async () => {
    const later = new Date(Date.now() + 3_600_000)
    const id = (await queue.enqueue('test.record', { value: 'later' }, { runAt: later }))!
    await queue.runDue()
    expect((await row(id)).status).toBe('queued')
    await queue.runDue(new Date(later.getTime() + 1))
    expect((await row(id)).status).toBe('done')
  })

  it('retries a failing job with backoff, then marks it failed after its last attempt', async () => {
    const id = (await queue.enqueue('test.flaky', {}))!
    const beforeTry = Date.now() // the try fails after this moment: its retry is its backoff (60 s) from then at least
    await queue.runDue()
    let job = await row(id)
    expect(job).toMatchObject({ status: 'queued', attempts: 1, lastError: 'insurer unreachable' })
    expect(job.runAt.getTime()).toBeGreaterThanOrEqual(beforeTry + 60_000)
    await queue.runDue(new Date(Date.now() + 61_000))
    await queue.runDue(new Date(Date.now() + 200_000))
    job = await row(id)
    expect(job).toMatchObject({ status: 'failed', attempts: 3 })
    expect(flaky).toBe(3)
  })

  it('fails a permanently refused job at once', async () => {
    const id = (await queue.enqueue('test.refused', {}))!
    await queue.runDue()
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'refused' })
  })

  it('gives a job whose node died back to the queue once its lease ran out', async () => {
    const id = (await queue.enqueue('test.record', { value: 'orphan' }))!
    // What a node leaves behind when it is killed mid-job: claimed, never finished.
    await t.deps.database.db.update(jobs).set({ status: 'running', attempts: 1, lockedUntil: new Date(Date.now() + 300_000) }).where(eq(jobs.id, id))
    await queue.runDue()
    expect((await row(id)).status).toBe('running')
    await queue.runDue(new Date(Date.now() + 301_000))
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 2 })
    expect(seen).toContain('orphan')
  })

  it('renews the lease of a running job by heartbeat: another node does not take it back while it runs', async () => {
    const db = t.deps.database.db
    const start = Date.now()
    let now = new Date(start)
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const runs: string[] = []
    // Node A: its own clock, a 15 s lease renewed every 20 ms of real time.
    const a = new JobQueue(db, { clock: () => now, leaseMs: 15_000, heartbeatMs: 20 })
    a.define({
      kind: 'test.long',
      payload: z.object({}),
      run: async () => {
        runs.push('a')
        await gate
      },
    })
    // Node B polls with a clock past A's first lease.
    const b = new JobQueue(db)
    b.define({ kind: 'test.long', payload: z.object({}), run: async () => void runs.push('b') })
    const id = (await a.enqueue('test.long', {}))!
    const running = a.runDue(now)
    await vi.waitFor(async () => expect((await row(id)).lockedUntil?.getTime()).toBe(start + 15_000), { timeout: 60_000 })
    now = new Date(start + 10_000)
    await vi.waitFor(async () => expect((await row(id)).lockedUntil?.getTime()).toBe(start + 25_000), { timeout: 60_000 })
    expect(await b.runDue(new Date(start + 20_000))).toBe(0)
    expect(await row(id)).toMatchObject({ status: 'running', attempts: 1 })
    release()
    await running
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 1 })
    expect(runs).toEqual(['a'])
  })

  it('takes back at once, in a sole process starting on the embedded database, what a dead process held', async () => {
    const db = t.deps.database.db
    const restarted = new JobQueue(db, { soleProcess: true, pollMs: 50 })
    const ran: string[] = []
    restarted.define({ kind: 'test.abandoned', payload: z.object({ value: z.string() }), run: async ({ value }) => void ran.push(value) })
    const id = (await restarted.enqueue('test.abandoned', { value: 'paid order' }))!
    // Claimed by a process killed with SIGKILL a moment ago: its lease is still far from over.
    await db.update(jobs).set({ status: 'running', attempts: 1, lockedUntil: new Date(Date.now() + 15_000) }).where(eq(jobs.id, id))
    restarted.start()
    try {
      await vi.waitFor(async () => expect((await row(id)).status).toBe('done'), { timeout: 60_000 })
    } finally {
      await restarted.stop()
    }
    expect(await row(id)).toMatchObject({ attempts: 2 })
    expect(ran).toEqual(['paid order'])
  })

  it.runIf(kind === 'postgres')('passes over a job another node is claiming instead of waiting for its lock', async () => {
    const db = t.deps.database.db
    const id = (await queue.enqueue('test.record', { value: 'locked' }))!
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let locked!: () => void
    const isLocked = new Promise<void>((resolve) => (locked = resolve))
    const other = db.transaction(async (tx) => {
      await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, id)).for('update')
      locked()
      await held
    })
    await isLocked
    // Without SKIP LOCKED this waits for the other transaction, which waits for this test: the test times out.
    await queue.runDue()
    expect((await row(id)).status).toBe('queued')
    release()
    await other
    await queue.runDue()
    expect((await row(id)).status).toBe('done')
  })

  it('never runs a job twice when two workers poll at the same time', async () => {
    const other = new JobQueue(t.deps.database.db)
    const counted: string[] = []
    for (const q of [queue, other]) q.define({ kind: 'test.count', payload: z.object({ n: z.number() }), run: async ({ n }) => void counted.push(String(n)) })
    for (let n = 0; n < 30; n++) await queue.enqueue('test.count', { n })
    await Promise.all([queue.runDue(), other.runDue(), queue.runDue(), other.runDue()])
    expect(counted).toHaveLength(30)
    expect(new Set(counted).size).toBe(30)
  })

  it('runs due jobs side by side, never more at once than its concurrency', async () => {
    const pool = new JobQueue(t.deps.database.db, { concurrency: 3 })
    let inFlight = 0
    let started = 0
    let most = 0
    const done: number[] = []
    pool.define({
      kind: 'test.wait',
      payload: z.object({ n: z.number() }),
      run: async ({ n }) => {
        started++
        most = Math.max(most, ++inFlight)
        // Waiting on someone else (an insurer): each job holds until the pool is full (or the last job
        // has started), so the jobs overlap however slowly the machine starts them. The bound only ends a
        // wait that never would (a pool that runs fewer at once), and `most` then says so.
        const full = () => {
          if (inFlight < 3 && started < 7) throw new Error('the pool is not full yet')
        }
        await vi.waitFor(full, { timeout: 30_000, interval: 5 }).catch(() => {})
        inFlight--
        done.push(n)
      },
    })
    for (let n = 0; n < 7; n++) await pool.enqueue('test.wait', { n })
    expect(await pool.runDue()).toBe(7)
    expect(most).toBe(3)
    expect(done.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6])
  })

  it('claims an urgent kind (issuance) before older jobs of other kinds, and once each when two nodes race', async () => {
    const order: string[] = []
    const nodes = [new JobQueue(t.deps.database.db, { concurrency: 1 }), new JobQueue(t.deps.database.db, { concurrency: 2 })]
    for (const node of nodes) {
      node.define({ kind: 'test.mail', payload: z.object({ n: z.number() }), run: async ({ n }) => void order.push(`mail ${n}`) })
      node.define({ kind: 'test.issue', payload: z.object({ n: z.number() }), urgent: true, run: async ({ n }) => void order.push(`issue ${n}`) })
    }
    const [one, two] = nodes as [JobQueue, JobQueue]
    // Mail queued a minute earlier, then the issuance: one worker on one node takes the issuance first.
    await one.enqueue('test.mail', { n: 0 }, { runAt: new Date(Date.now() - 60_000) })
    await one.enqueue('test.issue', { n: 0 })
    expect(await one.runDue()).toBe(2)
    expect(order).toEqual(['issue 0', 'mail 0'])
    // Both nodes at once over twenty of each: every job runs once, and no mail is claimed while an issuance waits.
    order.length = 0
    for (let n = 1; n <= 20; n++) await one.enqueue('test.mail', { n }, { runAt: new Date(Date.now() - 60_000) })
    for (let n = 1; n <= 20; n++) await one.enqueue('test.issue', { n })
    await Promise.all([one.runDue(), two.runDue()])
    expect(order).toHaveLength(40)
    expect(new Set(order).size).toBe(40)
    // A claim passes over rows another claim is looking at (two each, `SKIP LOCKED`): with three
    // workers, a mail can go ahead of at most the last four issuances.
    expect(order.slice(0, 16).every((job) => job.startsWith('issue'))).toBe(true)
    expect(order.slice(24).every((job) => job.startsWith('mail'))).toBe(true)
  })

  it('runs an urgent job while every general worker is busy, on a worker that takes only urgent kinds', async () => {
    const started = new JobQueue(t.deps.database.db, { pollMs: 3_600_000, concurrency: 1, urgentConcurrency: 1 })
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const ran: string[] = []
    started.define({
      kind: 'test.long-mail',
      payload: z.object({}),
      run: async () => {
        ran.push('mail started')
        await held // a mail server that takes its time: the only general worker stays busy
        ran.push('mail done')
      },
    })
    started.define({ kind: 'test.paid', payload: z.object({}), urgent: true, run: async () => void ran.push('issued') })
    started.start()
    try {
      await started.enqueue('test.long-mail', {})
      await vi.waitFor(() => expect(ran).toEqual(['mail started']), { timeout: 60_000 })
      const paid = (await started.enqueue('test.paid', {}))!
      await vi.waitFor(async () => expect((await row(paid)).status).toBe('done'), { timeout: 60_000 })
      expect(ran).toEqual(['mail started', 'issued'])
    } finally {
      release()
      await started.stop()
    }
    expect(ran).toEqual(['mail started', 'issued', 'mail done'])
  })

  it('runs a job queued on a started queue at once, not at its next poll', async () => {
    // A poll an hour apart: only the wake-up on enqueue (or, inside a transaction, the caller's kick after it) can run these.
    const started = new JobQueue(t.deps.database.db, { pollMs: 3_600_000 })
    const ran: string[] = []
    started.define({ kind: 'test.woken', payload: z.object({ value: z.string() }), run: async ({ value }) => void ran.push(value) })
    started.start()
    try {
      await vi.waitFor(() => expect(started['tick']).toBeUndefined(), { timeout: 60_000 })
      const first = (await started.enqueue('test.woken', { value: 'paid order' }))!
      await vi.waitFor(async () => expect((await row(first)).status).toBe('done'), { timeout: 60_000 })
      const inTransaction = await t.deps.database.db.transaction(async (tx) => (await started.enqueue('test.woken', { value: 'in a transaction' }, { tx }))!)
      started.kick()
      await vi.waitFor(async () => expect((await row(inTransaction)).status).toBe('done'), { timeout: 60_000 })
    } finally {
      await started.stop()
    }
    expect(ran).toEqual(['paid order', 'in a transaction'])
  })

  it('claims once per job when jobs come one at a time, and fans out when a claim sees more due', async () => {
    const started = new JobQueue(t.deps.database.db, { pollMs: 3_600_000, concurrency: 3 })
    const claims = vi.spyOn(started as unknown as { claimNext: (...args: unknown[]) => Promise<unknown> }, 'claimNext')
    let inFlight = 0
    let most = 0
    let began = 0
    let ran = 0
    started.define({ kind: 'test.single', payload: z.object({}), run: async () => void ran++ })
    started.define({
      kind: 'test.burst',
      payload: z.object({ n: z.number() }),
      run: async () => {
        began++
        most = Math.max(most, ++inFlight)
        // Holds until all three have started (helpers were asked for), or gives up; `most` says which.
        await vi.waitFor(() => expect(began).toBe(3), { timeout: 30_000, interval: 5 }).catch(() => {})
        inFlight--
      },
    })
    started.start()
    const idle = () => vi.waitFor(() => expect([started['tick'], started['workers'].size]).toEqual([undefined, 0]), { timeout: 60_000 })
    try {
      await idle()
      claims.mockClear()
      for (let n = 1; n <= 2; n++) {
        await started.enqueue('test.single', {})
        await vi.waitFor(() => expect(ran).toBe(n), { timeout: 60_000 })
        await idle()
      }
      // One claim per job: none after the job to find the queue empty, no helper claiming nothing.
      expect(claims).toHaveBeenCalledTimes(2)
      // Three due at once, announced by a single wake-up (queued in a transaction, then one kick).
      await t.deps.database.db.transaction(async (tx) => {
        for (let n = 0; n < 3; n++) await started.enqueue('test.burst', { n }, { tx })
      })
      started.kick()
      await vi.waitFor(async () => expect(await t.deps.database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, 'test.burst'))).toHaveLength(3), { timeout: 60_000 })
      await vi.waitFor(async () => expect((await t.deps.database.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.kind, 'test.burst'))).map((r) => r.status)).toEqual(['done', 'done', 'done']), { timeout: 60_000 })
    } finally {
      await started.stop()
    }
    expect(most).toBe(3)
  })

  it.runIf(kind === 'postgres')('wakes the other nodes when a job is committed: a node polling once an hour runs what another queued', async () => {
    const { database } = t.deps
    const idle = new JobQueue(database.db, { pollMs: 3_600_000, nodes: nodeWakeUpOf(database) })
    const busy = new JobQueue(database.db, { nodes: nodeWakeUpOf(database) }) // never started: it only queues
    const ran: string[] = []
    idle.define({ kind: 'test.across', payload: z.object({ value: z.string() }), run: async ({ value }) => void ran.push(value) })
    idle.start()
    try {
      await vi.waitFor(async () => expect(await idle['unlisten']).toBeTypeOf('function'), { timeout: 60_000 })
      await vi.waitFor(() => expect(idle['tick']).toBeUndefined(), { timeout: 60_000 })
      const id = await database.db.transaction(async (tx) => (await busy.enqueue('test.across', { value: 'from the other node' }, { tx }))!)
      await vi.waitFor(async () => expect((await row(id)).status).toBe('done'), { timeout: 60_000 })
    } finally {
      await idle.stop()
    }
    expect(ran).toEqual(['from the other node'])
  })

  it('cancels a queued job by its key', async () => {
    await queue.enqueue('test.record', { value: 'cancelled' }, { dedupeKey: 'cancel-me', runAt: new Date(Date.now() + 60_000) })
    expect(await queue.cancel('cancel-me')).toBe(true)
    await queue.runDue(new Date(Date.now() + 120_000))
    expect(seen).not.toContain('cancelled')
  })
})
