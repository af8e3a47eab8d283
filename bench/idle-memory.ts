/**
 * `npm run bench:memory`: the production server's idle resident memory, alone (no throughput
 * targets, no budgets), to compare settings run against run on a busy machine.
 *
 *   npm run bench:memory                                # 3 rounds, after `npm run build`
 *   npm run bench:memory -- --runs 5 --load 10          # and 10 s of load on `/` after the restart
 *   npm run bench:memory -- --env MALLOC_ARENA_MAX=2 --node-arg=--max-semi-space-size=16
 *
 * Each round starts `node dist/node/serve.js` (as `npm run serve` does) on a fresh data folder,
 * leaves it idle 10 s and reads its resident set from `/proc/<pid>/status` (with its anonymous
 * and file-backed parts), stops it, restarts it on that folder and reads it again after 10 s idle;
 * with `--load`, then loads `/` for that many seconds (10 connections) and reads it 10 s later,
 * with the requests a second and the server's CPU time a request (steadier than req/s when the
 * machine is shared). The load average is printed with the figures.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { HOST, cpuMs, freePort, root, say, stopAndWait, waitFor } from './processes'

const autocannon = createRequire(import.meta.url)('autocannon') as (options: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<{ requests: { average: number; total: number } }>

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    load: { type: 'string', default: '0' },
    env: { type: 'string', multiple: true, default: [] },
    'node-arg': { type: 'string', multiple: true, default: [] },
  },
})
const runs = Number(flags.runs)
const loadSeconds = Number(flags.load)
const extraEnv = Object.fromEntries(flags.env.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]))
const IDLE_MS = 10_000

interface Reading {
  rss: number
  anon: number
  file: number
}

function status(pid: number | undefined): Reading {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1]) / 1024
  return { rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') }
}

const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' ')

/** `node [--node-arg …] dist/node/serve.js`, as `npm run serve` runs it, in its own process group. */
async function serve(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort()
  const child = spawn(process.execPath, [...flags['node-arg'], 'dist/node/serve.js'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', HOST, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', PROVIDER_API_URL: '', ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  })
  return { child, url: `http://${HOST}:${port}` }
}

async function idleReading(dataDir: string): Promise<{ reading: Reading; server: { child: ChildProcess; url: string } }> {
  const server = await serve(dataDir)
  await waitFor(`${server.url}/api/v1/ready`, server.child)
  await sleep(IDLE_MS)
  return { reading: status(server.child.pid), server }
}

const row = (label: string, r: Reading) => `| ${label.padEnd(26)} | ${r.rss.toFixed(0).padStart(6)} | ${r.anon.toFixed(0).padStart(7)} | ${r.file.toFixed(0).padStart(7)} | ${load()} |`

say(`settings: ${JSON.stringify({ env: extraEnv, nodeArgs: flags['node-arg'] })}`)
console.log('| when                       | RSS MB | anon MB | file MB | load average |')
console.log('|----------------------------|-------:|--------:|--------:|--------------|')
for (let run = 1; run <= runs; run++) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'asiguro-idle-'))
  try {
    const first = await idleReading(dataDir)
    console.log(row(`${run}: first start, idle 10 s`, first.reading))
    await stopAndWait(first.server.child)
    const again = await idleReading(dataDir)
    console.log(row(`${run}: restart, idle 10 s`, again.reading))
    if (loadSeconds > 0) {
      const cpuBefore = cpuMs(again.server.child.pid)
      const result = await autocannon({ url: `${again.server.url}/`, connections: 10, duration: loadSeconds, headers: { 'accept-language': 'ro' } })
      const perRequest = (cpuMs(again.server.child.pid) - cpuBefore) / result.requests.total
      await sleep(IDLE_MS)
      console.log(`${row(`${run}: after load, idle 10 s`, status(again.server.child.pid))} ${result.requests.average.toFixed(0)} req/s, ${perRequest.toFixed(2)} ms CPU a request`)
    }
    await stopAndWait(again.server.child)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
