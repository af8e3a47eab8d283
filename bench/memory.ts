/**
 * Memory of a running server, as `npm run bench` reports it: the resident set from
 * `/proc/<pid>/status` (what the machine pays), and the V8 heap and external memory from the
 * server's own Prometheus metrics (`GET /api/v1/operator/metrics`, operator token from the data
 * folder's `secrets.json`). External memory holds the embedded database's WebAssembly memory and
 * the array buffers (Node buffers, streams' chunks).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

export interface MemorySample {
  rssMb: number
  heapUsedMb: number
  heapTotalMb: number
  externalMb: number
  /** Part of external memory: `process.memoryUsage().arrayBuffers` (array buffers and Node `Buffer`s). */
  arrayBuffersMb: number
}

const MB = 1024 * 1024

/** Resident set size of a process, in MB (NaN when it is gone). */
export function rssMb(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]) / 1024
  } catch {
    return Number.NaN
  }
}

/** The operator token a development-stage server generated in its data folder. */
export function operatorToken(dataDir: string): string {
  const secrets = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { OPERATOR_TOKEN?: string }
  if (!secrets.OPERATOR_TOKEN) throw new Error(`no OPERATOR_TOKEN in ${dataDir}/secrets.json`)
  return secrets.OPERATOR_TOKEN
}

function metric(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`))
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) / MB : Number.NaN
}

export async function sampleMemory(url: string, token: string, pid: number | undefined): Promise<MemorySample> {
  const response = await fetch(`${url}/api/v1/operator/metrics`, { headers: { authorization: `Bearer ${token}` } })
  const text = await response.text()
  if (response.status !== 200) throw new Error(`operator metrics answered ${response.status}`)
  return { rssMb: rssMb(pid), heapUsedMb: metric(text, 'nodejs_heap_size_used_bytes'), heapTotalMb: metric(text, 'nodejs_heap_size_total_bytes'), externalMb: metric(text, 'nodejs_external_memory_bytes'), arrayBuffersMb: metric(text, 'nodejs_array_buffers_bytes') }
}

export function memoryTable(rows: { label: string; sample: MemorySample }[]): string {
  const head = ['when', 'RSS MB', 'heap used MB', 'heap total MB', 'external MB', 'array buffers MB']
  const body = rows.map(({ label, sample }) => [label, ...[sample.rssMb, sample.heapUsedMb, sample.heapTotalMb, sample.externalMb, sample.arrayBuffersMb].map((n) => n.toFixed(0))])
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)))
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`
  return [line(head), `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...body.map(line)].join('\n')
}
