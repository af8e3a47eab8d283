/**
 * The one database schema (PostgreSQL dialect), shared by embedded PGlite and a PostgreSQL
 * server, one file per domain. Migrations are generated from it by drizzle-kit (`npm run db:generate`).
 */
export * from './site'
export * from './accounts'
export * from './mail'
export * from './jobs'
export * from './quotes'
export * from './account-area'
export * from './fx'
export * from './payments'
export * from './orders'
export * from './documents'
export * from './direct-bookings'
export * from './renewals'
