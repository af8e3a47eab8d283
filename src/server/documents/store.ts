import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { documents } from '../db/schema'

/**
 * Where issued documents (policy PDFs) are kept. One interface so object storage can be added
 * by configuration (decision 50); the default is a folder in the data directory. Keys are
 * server-chosen paths (`policies/2026/ab12….pdf`), never visitor input: who may read a document
 * is decided by the order it belongs to, not by knowing its key.
 */
export interface DocumentStore {
  put(key: string, bytes: Uint8Array): Promise<void>
  /** The bytes, or undefined when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array | undefined>
}

/** Letters, digits, `-`, `_`, `.` in `/`-separated segments; no empty, `.` or `..` segment. */
const KEY = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/

export function assertDocumentKey(key: string): void {
  if (key.length > 300 || !KEY.test(key)) throw new Error(`invalid document key: ${JSON.stringify(key)}`)
}

/** Documents as files under `root` (`DATA_DIR/documents`), written atomically (temp file + rename). */
export function createFileDocumentStore(root: string): DocumentStore {
  const fileOf = (key: string) => {
    assertDocumentKey(key)
    return path.join(root, ...key.split('/'))
  }
  return {
    async put(key, bytes) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`
      await writeFile(temp, bytes, { mode: 0o600 })
      await rename(temp, file)
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(fileOf(key)))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },
  }
}

/**
 * Documents as rows of `documents` (bytea): every node sharing the PostgreSQL server serves every
 * document, whichever node issued it. Writing a key again replaces its bytes, as the file
 * store does (an issuance retried after a crash renders the document again).
 */
export function createDatabaseDocumentStore(db: Database): DocumentStore {
  return {
    async put(key, bytes) {
      assertDocumentKey(key)
      await db.insert(documents).values({ key, bytes }).onConflictDoUpdate({ target: documents.key, set: { bytes } })
    },
    async get(key) {
      assertDocumentKey(key)
      const [row] = await db.select({ bytes: documents.bytes }).from(documents).where(eq(documents.key, key))
      return row?.bytes
    },
  }
}

type DocumentStoreConfig = { DATA_DIR: string; DOCUMENT_STORE: '' | 'files' | 'database'; DATABASE_URL?: string | undefined }

/** The store `DOCUMENT_STORE` names; empty: the database when on PostgreSQL, else the data folder. */
export function documentStoreKind(config: DocumentStoreConfig): 'files' | 'database' {
  return config.DOCUMENT_STORE || (config.DATABASE_URL ? 'database' : 'files')
}

export function createDocumentStore(config: DocumentStoreConfig, db: Database): DocumentStore {
  return documentStoreKind(config) === 'database' ? createDatabaseDocumentStore(db) : createFileDocumentStore(path.resolve(config.DATA_DIR, 'documents'))
}

/** In memory, for tests of code that stores documents. */
export function createMemoryDocumentStore(): DocumentStore & { keys(): string[] } {
  const files = new Map<string, Uint8Array>()
  return {
    async put(key, bytes) {
      assertDocumentKey(key)
      files.set(key, bytes.slice())
    },
    async get(key) {
      return files.get(key)?.slice()
    },
    keys: () => [...files.keys()],
  }
}
