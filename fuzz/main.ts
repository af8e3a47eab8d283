/**
 * `npm run fuzz`: malformed requests to every `/api/v1` operation (from the OpenAPI document the
 * API serves) and every server function (from the build's manifest), against the production
 * build on a fresh embedded database. Fails on any 5xx, any 4xx outside the envelope (server
 * functions: the shapes in verdict.ts), any runtime or parser text, any answer slower than 5 s.
 *
 *   npm run fuzz -- --seed 42 --runs 10000 [--concurrency 4] [--only 17,230] [--url http://…]
 *
 * The same seed gives the same requests (ids of the run's own objects aside); `--only` replays
 * single requests of a run by their number. `--url` fuzzes a server already running (its
 * operator token in FUZZ_OPERATOR_TOKEN, captcha `none` for the deep paths).
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import fc from 'fast-check'
import { removeRunData, startAppServer, type AppServer } from './app-server'
import { identityWorks, learnCodes, newIdentity, type Identity } from './fixtures'
import { fuzzRequest, type FuzzRequest } from './requests'
import { printReport, type Finding } from './report'
import { createSender } from './send'
import { apiOperations, serverFunctions, targetLabel, type Target } from './targets'
import { judge } from './verdict'

/** Requests between two checks that the fuzzer's own session and bearer still work. */
const BATCH = 25

const { values: options } = parseArgs({
  options: {
    seed: { type: 'string' },
    runs: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '4' },
    only: { type: 'string' },
    url: { type: 'string' },
  },
})
const seed = options.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(options.seed)
const runs = Number(options.runs)
const concurrency = Math.max(1, Number(options.concurrency))
if (!Number.isInteger(seed) || !Number.isInteger(runs) || runs < 1) throw new Error('--seed and --runs take whole numbers')

/** The seed of request `index`: each request can be made again alone. */
const requestSeed = (index: number) => (Math.imul(seed ^ 0x5bd1e995, 0x01000193) + Math.imul(index + 1, 0x27d4eb2d)) | 0

async function main(): Promise<number> {
  const started = performance.now()
  const server: AppServer | undefined = options.url ? undefined : await startAppServer()
  const baseUrl = options.url ?? server!.url
  const operatorToken = server?.operatorToken ?? process.env.FUZZ_OPERATOR_TOKEN ?? ''
  let passed = false
  try {
    const document = (await (await fetch(`${baseUrl}/api/v1/openapi.json`)).json()) as Parameters<typeof apiOperations>[0]
    const operations = apiOperations(document)
    const functions = await serverFunctions(readFileSync('dist/server/server.js', 'utf8'), 'src')
    const targets: Target[] = [...operations, ...functions]
    console.log(`fuzz: seed ${seed}, ${runs} requests over ${operations.length} API operations and ${functions.length} server functions, against ${baseUrl}`)

    await learnCodes(baseUrl)
    let identity: Identity = await newIdentity(baseUrl, functions)
    const sender = createSender(baseUrl, operatorToken, () => identity, concurrency)
    const arbitrary = fuzzRequest(targets, baseUrl)
    const indexes = options.only ? options.only.split(',').map(Number) : Array.from({ length: runs }, (_, i) => i)
    const findings: Finding[] = []
    const statuses = new Map<string, number>()
    const slowest: { ms: number; label: string }[] = []
    /** The statuses each target answered: how deep the run got (a 2xx or a 422 means past the first checks). */
    const reached = new Map<Target, Set<number>>()
    let identities = 1

    for (let at = 0; at < indexes.length; at += BATCH) {
      const batch = indexes.slice(at, at + BATCH)
      let next = 0
      const worker = async () => {
        while (next < batch.length) {
          const index = batch[next++]!
          const request: FuzzRequest = fc.sample(arbitrary, { seed: requestSeed(index), numRuns: 1 })[0]!
          const answer = await sender.send(request, index)
          const kind = answer.failure ? 'none' : `${Math.floor(answer.status / 100)}xx`
          statuses.set(kind, (statuses.get(kind) ?? 0) + 1)
          for (const problem of judge(request, answer)) findings.push({ index, request, answer, problem })
          reached.set(request.target, (reached.get(request.target) ?? new Set()).add(answer.status))
          slowest.push({ ms: answer.ms, label: `#${index} ${request.method} ${targetLabel(request.target)} → ${answer.status}` })
          if (slowest.length > 50) slowest.sort((a, b) => b.ms - a.ms).splice(5)
        }
      }
      await Promise.all(Array.from({ length: concurrency }, worker))
      if (!(await identityWorks(baseUrl, identity, functions))) {
        identity = await newIdentity(baseUrl, functions)
        identities++
      }
      if ((at / BATCH) % 40 === 39) console.log(`  … ${at + batch.length} requests, ${findings.length} findings, ${Math.round((performance.now() - started) / 1000)} s`)
    }
    sender.close()
    printReport({ seed, requests: indexes.length, targets, reached, slowest: slowest.sort((a, b) => b.ms - a.ms).slice(0, 5), seconds: (performance.now() - started) / 1000, statuses, findings, identities, logFile: server?.logFile })
    passed = findings.length === 0
    return passed ? 0 : 1
  } finally {
    await server?.stop()
    // A failed run keeps the server's log (its stack traces) and database for a look.
    if (server && passed) removeRunData(server)
  }
}

const code = await main().catch((error: unknown) => {
  console.error(error)
  return 2
})
process.exit(code)
