import type { FuzzRequest } from './requests'
import { targetLabel, type Target } from './targets'
import type { Answer, Problem } from './verdict'

export interface Finding {
  index: number
  request: FuzzRequest
  answer: Answer
  problem: Problem
}

const preview = (text: string | undefined, max = 240) => {
  if (text === undefined) return '(none)'
  const shown = JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text)
  return text.length > max ? `${shown} (${text.length} chars)` : shown
}

/** The run's figures, then each kind of failure once per target with its first example and how to replay it. */
export function printReport(run: { seed: number; requests: number; targets: Target[]; reached: Map<Target, Set<number>>; slowest: { ms: number; label: string }[]; seconds: number; statuses: Map<string, number>; findings: Finding[]; identities: number; logFile: string | undefined }): void {
  const byStatus = ['2xx', '3xx', '4xx', '5xx', 'none'].map((k) => `${k} ${run.statuses.get(k) ?? 0}`).join(', ')
  console.log(`\nfuzz: ${run.requests} requests in ${run.seconds.toFixed(1)} s (${(run.requests / run.seconds).toFixed(1)}/s), seed ${run.seed}`)
  console.log(`  answers: ${byStatus}; accounts used: ${run.identities}`)
  const past = (test: (status: number) => boolean) => run.targets.filter((t) => [...(run.reached.get(t) ?? [])].some(test)).length
  console.log(`  depth: of ${run.targets.length} targets, ${past(() => true)} called, ${past((s) => s >= 200 && s < 400)} answered 2xx/3xx, ${past((s) => s === 422)} refused a field (422)`)
  console.log(`  slowest: ${run.slowest.map((s) => `${Math.round(s.ms)} ms ${s.label}`).join('; ')}`)
  const groups = new Map<string, Finding[]>()
  for (const finding of run.findings) {
    const key = `${finding.problem.kind} ${finding.answer.status} ${targetLabel(finding.request.target)}`
    groups.set(key, [...(groups.get(key) ?? []), finding])
  }
  if (groups.size === 0) {
    console.log('  no failures: no 5xx, every 4xx in its envelope, no internal text, every answer within 5 s')
    return
  }
  console.log(`  FAILURES: ${run.findings.length} in ${groups.size} groups`)
  for (const [key, findings] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    const { index, request, answer, problem } = findings[0]!
    console.log(`\n✗ ${key} (${findings.length}×): ${problem.detail}`)
    console.log(`  replay: npm run fuzz -- --seed ${run.seed} --only ${findings.slice(0, 5).map((f) => f.index).join(',')}`)
    console.log(`  > #${index} ${request.method} ${request.url.length > 200 ? `${request.url.slice(0, 200)}…` : request.url} [${request.credentials}; ${request.mutation}]`)
    if (request.headers['content-type']) console.log(`    content-type: ${request.headers['content-type']}`)
    if (request.body !== undefined) console.log(`    body: ${preview(request.body)}`)
    console.log(`  < ${answer.status} ${answer.headers.get('content-type') ?? ''} ${Math.round(answer.ms)} ms ${preview(answer.text)}`)
  }
  if (run.logFile) console.log(`\nThe server's log (stack traces of the 5xx) is in ${run.logFile}`)
}
