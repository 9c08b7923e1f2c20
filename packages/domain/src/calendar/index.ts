export * from './calendar-api.ts'
export * from './calendar-rules.ts'
export * from './calendar-sync.ts'
