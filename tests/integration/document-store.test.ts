/**
 * Issued documents in the database (`DOCUMENT_STORE=database`, decision 71): what one node puts,
 * another node on the same database gets, byte for byte; keys are checked as the file store
 * checks them; and the store the configuration names is the one used.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabaseDocumentStore, documentStoreKind } from '~/server/documents'
import { databaseKinds, startTestApi, type TestApi } from '../support/api'

describe('which document store the configuration names', () => {
  it('is the database on PostgreSQL and the data folder on the embedded database, unless set', () => {
    expect(documentStoreKind({ DATA_DIR: '.data', DOCUMENT_STORE: '', DATABASE_URL: 'postgres://db/asiguro' })).toBe('database')
    expect(documentStoreKind({ DATA_DIR: '.data', DOCUMENT_STORE: '', DATABASE_URL: undefined })).toBe('files')
    expect(documentStoreKind({ DATA_DIR: '.data', DOCUMENT_STORE: 'files', DATABASE_URL: 'postgres://db/asiguro' })).toBe('files')
    expect(documentStoreKind({ DATA_DIR: '.data', DOCUMENT_STORE: 'database', DATABASE_URL: undefined })).toBe('database')
  })
})

describe.each(databaseKinds)('documents kept in the database (%s)', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await startTestApi(kind)
  })
  afterAll(() => t?.close())

  it('gives back the bytes put, replaces them on a second put, and refuses unsafe keys', async () => {
    // Two stores on one database stand for two nodes.
    const [nodeA, nodeB] = [createDatabaseDocumentStore(t.deps.database.db), createDatabaseDocumentStore(t.deps.database.db)]
    const pdf = new Uint8Array(70_000).map((_, i) => (i * 31) % 256) // every byte value, the size of a policy
    await nodeA.put('policies/2026/abc.pdf', pdf)
    expect(await nodeB.get('policies/2026/abc.pdf')).toEqual(pdf)
    expect(await nodeB.get('policies/2026/missing.pdf')).toBeUndefined()
    await nodeB.put('policies/2026/abc.pdf', new Uint8Array([37, 80, 68, 70]))
    expect(await nodeA.get('policies/2026/abc.pdf')).toEqual(new Uint8Array([37, 80, 68, 70]))
    for (const key of ['../escape.pdf', 'a/../../b', '/absolute', '']) await expect(nodeA.put(key, pdf), key).rejects.toThrow(/invalid document key/)
  })
})
