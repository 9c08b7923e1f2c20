export * from './pricing.ts'
export * from './quote.ts'
