import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { decisionIndex, isSuperseded, readDecisionRecords } from '../../scripts/decision-records'

const dir = path.resolve('docs/decisions')
const records = readDecisionRecords(dir)

describe('decision records', () => {
  it('each has a Date and a Status line', () => {
    expect(records.length).toBeGreaterThan(30)
    for (const record of records) {
      expect(record.date, `${record.file}: Date`).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(record.status, `${record.file}: Status`).toMatch(/^(accepted|proposed|superseded by \d+\b.*|deprecated\b.*)$/)
    }
  })

  it('a superseded record names a record that exists', () => {
    const numbers = new Set(records.map((r) => r.number))
    for (const record of records.filter(isSuperseded)) {
      expect(numbers, record.file).toContain(Number(record.status?.match(/superseded by (\d+)/)?.[1]))
    }
  })

  it('are all listed in the index, as `npm run docs:decisions` writes it', () => {
    const index = readFileSync(path.join(dir, 'README.md'), 'utf8')
    for (const record of records) expect(index, record.file).toContain(`](${record.file})`)
    expect(index).toBe(decisionIndex(records))
  })
})
