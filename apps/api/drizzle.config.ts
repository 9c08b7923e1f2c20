import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema.ts', '../openpay-sandbox/src/schema.ts'],
  out: './src/db/migrations',
})
