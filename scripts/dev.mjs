// `npm run dev`: the API with reload on change (tsx watch) and the Vite dev server with hot reload.
// Reads `.env` like `npm run serve` does (the environment wins).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'

if (existsSync('.env')) process.loadEnvFile('.env')

const children = [
  spawn(
    'node',
    [
      '--watch-path=apps/api/src',
      '--watch-path=packages/domain/src',
      '--watch-path=packages/contracts/src',
      '--import',
      'tsx',
      'apps/api/src/server.ts',
    ],
    {
      stdio: 'inherit',
      env: { NODE_ENV: 'development', ...process.env },
    },
  ),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children)
  child.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  })
