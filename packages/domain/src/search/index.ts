export * from './search-match.ts'
export * from './search-query.ts'
export * from './search-result.ts'
