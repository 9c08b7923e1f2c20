// `npm run serve`: the built product (see `npm run build`), without building and without any
// development dependency. Variables come from the environment and from `.env` when there is one
// in the current folder; the environment wins.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const root = path.resolve(import.meta.dirname, '..')
const server = path.join(root, 'apps/api/dist/server.js')
const web = path.join(root, 'apps/web/dist/index.html')

if (!existsSync(server) || !existsSync(web)) {
  console.error(
    'Cabañas MX no está compilada: corre `npm run build` (o `npm start`, que compila si hace falta).',
  )
  process.exit(1)
}
if (existsSync('.env')) process.loadEnvFile('.env')
await import(pathToFileURL(server).href)
