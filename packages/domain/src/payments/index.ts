export * from './card.ts'
export * from './openpay-amount.ts'
export * from './payment-errors.ts'
