export * from './ics.ts'
export * from './reservation-view.ts'
export * from './transitions.ts'
