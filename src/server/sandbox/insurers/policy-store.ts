/**
 * The policies a sandbox insurer issued, by idempotency key, so asking twice with one key
 * gives the same policy: in memory, and appended to a file when the sandbox has a data folder,
 * so the promise holds across a restart as an insurer's would.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { z } from 'zod'
import type { SandboxIssuedPolicy } from '~/server/insurers/sandbox-protocol'

export interface StoredPolicy {
  insurer: string
  key: string
  /** Digest of the request body: the same key with another body is refused. */
  requestDigest: string
  policy: z.infer<typeof SandboxIssuedPolicy>
}

export class SandboxPolicyStore {
  private readonly byKey = new Map<string, StoredPolicy>()
  private readonly file: string | undefined

  /** `dataDir`: folder of the file (`sandbox-insurer-policies.jsonl`); undefined or `:memory:` keeps them in memory only. */
  constructor(dataDir?: string) {
    this.file = dataDir && dataDir !== ':memory:' ? path.resolve(dataDir, 'sandbox-insurer-policies.jsonl') : undefined
    if (this.file && existsSync(this.file)) {
      for (const line of readFileSync(this.file, 'utf8').split('\n')) {
        if (!line.trim()) continue
        try {
          const stored = JSON.parse(line) as StoredPolicy
          this.byKey.set(this.id(stored.insurer, stored.key), stored)
        } catch {
          // A line cut short by a crash: that policy was never answered, so it may be issued again.
        }
      }
    }
  }

  get(insurer: string, key: string): StoredPolicy | undefined {
    return this.byKey.get(this.id(insurer, key))
  }

  put(stored: StoredPolicy): void {
    this.byKey.set(this.id(stored.insurer, stored.key), stored)
    if (this.file) {
      mkdirSync(path.dirname(this.file), { recursive: true })
      appendFileSync(this.file, `${JSON.stringify(stored)}\n`)
    }
  }

  private id(insurer: string, key: string): string {
    return `${insurer}\n${key}`
  }
}
