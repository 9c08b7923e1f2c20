export * from './calendar-date.ts'
export * from './errors.ts'
export * from './money.ts'
export * from './zod.ts'
