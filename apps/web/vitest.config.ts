import react from '@vitejs/plugin-react'
import { defineProject } from 'vitest/config'

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Fit a loaded machine, like the other projects (../../vitest.config.ts): jsdom renders and user
    // events take several times longer beside a CPU burner than Vitest's default 5 s allows.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
