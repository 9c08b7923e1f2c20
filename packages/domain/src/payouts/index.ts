export * from './payout-csv.ts'
export * from './payout-ledger.ts'
export * from './payout-schemas.ts'
