export * from './booking-request.ts'
export * from './charge.ts'
export * from './checkout.ts'
export * from './host-requests.ts'
