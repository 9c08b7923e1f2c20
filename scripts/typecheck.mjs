// `npm run typecheck`: every TypeScript program of the repository, checked by `tsc --noEmit`, as many
// at a time as there are cores (tsc checks on one thread). A program is one set of compiler options:
// the domain and the contracts without Node's types, the API with its tools (tools/tsconfig.json
// covers both: the tools need the API's Fastify augmentations), the Openpay sandbox, the web (DOM,
// JSX) and the end-to-end tests. Each program's output is printed whole once it ends; the command
// fails when any program does.
import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const tsc = path.join(root, 'node_modules/typescript/bin/tsc')

/** Longest first (measured: docs/benchmarks.md), so the two cores end together. */
const programs = ['tools', 'apps/web', 'apps/openpay-sandbox', 'packages/domain', 'e2e', 'packages/contracts']

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (code) => {
      if (code !== 0) process.stdout.write(`\n✗ tsc -p ${project}\n${output}`)
      resolve(code === 0)
    })
  })
}

const queue = [...programs]
const results = await Promise.all(
  Array.from({ length: Math.min(Math.max(2, availableParallelism()), programs.length) }, async () => {
    let ok = true
    for (let project = queue.shift(); project; project = queue.shift()) ok = (await check(project)) && ok
    return ok
  }),
)
if (results.includes(false)) process.exit(1)
