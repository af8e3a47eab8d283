/**
 * How far V8 lets its heap grow under an allocation pattern like the server's renders, for a given
 * old-generation limit (decision 149): 50 MB kept for the whole run, 30 "requests" of about a
 * megabyte each in flight, each replaced by a new one in turn. Prints the highest heap committed
 * and resident set, and the CPU per unit of work (garbage collection included). Run it with the
 * server's flags and the limit to try, e.g.
 *
 *   MALLOC_MMAP_THRESHOLD_=131072 node --max-semi-space-size=8 --max-old-space-size=256 --import tsx bench/heap-growth.ts 15
 */
export {}

const seconds = Number(process.argv[2] ?? 15)
const kept = Array.from({ length: 300 }, (_, i) => Array.from({ length: 2000 }, (_, j) => ({ i, j, s: `x${j}` })))
const inFlight: unknown[] = []
const cpuBefore = process.cpuUsage()
let highestRss = 0
let highestHeap = 0
let units = 0
const until = Date.now() + seconds * 1000
while (Date.now() < until) {
  inFlight.push(Array.from({ length: 8000 }, (_, j) => ({ j, t: `row ${j}`, o: { a: j } })))
  if (inFlight.length > 30) inFlight.shift()
  if (++units % 200 === 0) {
    await new Promise((resolve) => setImmediate(resolve))
    const memory = process.memoryUsage()
    highestRss = Math.max(highestRss, memory.rss)
    highestHeap = Math.max(highestHeap, memory.heapTotal)
  }
}
const cpu = process.cpuUsage(cpuBefore)
const MB = 1024 * 1024
console.log(
  `${process.execArgv.filter((arg) => arg.startsWith('--max')).join(' ') || 'V8 defaults'}: ${units} units, ${((cpu.user + cpu.system) / 1000 / units).toFixed(2)} ms CPU a unit, ` +
    `highest heap committed ${(highestHeap / MB).toFixed(0)} MB, highest RSS ${(highestRss / MB).toFixed(0)} MB (${kept.length} kept, ${inFlight.length} in flight)`,
)
