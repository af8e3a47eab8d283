/**
 * `npx tsx bench/cpuprofile-summary.ts <file.cpuprofile> [top]`: where a V8 CPU profile (`--profile`
 * of the benches, `node --cpu-prof`) spent its time: self time by function and by package or
 * source file, the largest first, in per cent of the sampled time.
 */
import { readFileSync } from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

const [file, topArg] = process.argv.slice(2)
if (!file) throw new Error('usage: tsx bench/cpuprofile-summary.ts <file.cpuprofile> [top]')
const top = Number(topArg ?? 30)
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
const byId = new Map(profile.nodes.map((n) => [n.id, n]))

/** Self time in µs of each node, from the samples and their time deltas. */
const self = new Map<number, number>()
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
const total = [...self.values()].reduce((a, b) => a + b, 0)

/** `node_modules/<package>` (scoped too), `node:<builtin>`, a source path, or the V8 pseudo-frame. */
function where(url: string): string {
  if (!url) return '(native / V8)'
  const modules = url.lastIndexOf('node_modules/')
  if (modules >= 0) {
    const parts = url.slice(modules + 'node_modules/'.length).split('/')
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? url)
  }
  return url.replace(/^file:\/\/.*?\/(dist|src)\//, '$1/')
}

const functions = new Map<string, number>()
const places = new Map<string, number>()
for (const [id, us] of self) {
  const frame = byId.get(id)?.callFrame
  if (!frame) continue
  const place = where(frame.url)
  const name = `${frame.functionName || '(anonymous)'}  ${place}${frame.url ? `:${frame.lineNumber + 1}` : ''}`
  functions.set(name, (functions.get(name) ?? 0) + us)
  places.set(place, (places.get(place) ?? 0) + us)
}

const show = (title: string, rows: Map<string, number>) => {
  console.log(`\n${title}`)
  for (const [name, us] of [...rows].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((100 * us) / total).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`)
}
console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled`)
show('self time by package or file', places)
show('self time by function', functions)
