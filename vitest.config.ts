import { defineConfig, type TestProjectConfiguration } from 'vitest/config'

const apiProject = (engine: 'pglite' | 'postgres'): TestProjectConfiguration => ({
  test: {
    name: `api-${engine}`,
    include: ['apps/api/src/**/*.test.ts'],
    environment: 'node',
    env: { TEST_ENGINE: engine },
    globalSetup: ['apps/api/src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

// API tests always run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
const apiProjects = [apiProject('pglite'), ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : [])]

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'openpay-sandbox',
          include: ['apps/openpay-sandbox/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      ...apiProjects,
      './apps/web/vitest.config.ts',
    ],
  },
})
