export * from './search-match.ts'
export * from './search-params.ts'
export * from './search-query.ts'
export * from './search-result.ts'
