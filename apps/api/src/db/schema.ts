/* The database schema, one file per feature area under schema/; drizzle.config.ts reads this index. */

export * from './schema/auth.ts'
export * from './schema/calendar.ts'
export * from './schema/catalog.ts'
export * from './schema/listings.ts'
export * from './schema/messages.ts'
export * from './schema/payments.ts'
export * from './schema/payouts.ts'
export * from './schema/platform.ts'
export * from './schema/reservations.ts'
