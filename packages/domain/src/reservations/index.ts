export * from './cancellation-terms.ts'
export * from './ics.ts'
export * from './reservation-view.ts'
export * from './transitions.ts'
