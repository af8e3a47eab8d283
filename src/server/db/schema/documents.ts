/** Issued documents kept in the database (`DOCUMENT_STORE=database`), so every node serves them. */
import { customType, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from './common'

/** PostgreSQL `bytea`, read and written as bytes. */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value),
})

export const documents = pgTable('documents', {
  /** The store's key (`policies/2026/ab12….pdf`), chosen by the server. */
  key: text('key').primaryKey(),
  bytes: bytes('bytes').notNull(),
  createdAt: createdAt(),
})
