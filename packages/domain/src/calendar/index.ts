export * from './calendar-api.ts'
export * from './calendar-rules.ts'
