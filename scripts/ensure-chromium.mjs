// Makes sure Debian's Chromium is there for the end-to-end tests; installs it when we are root.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { CHROMIUM } from './chromium.mjs'

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (!isRoot) {
    console.error(
      `\nFalta Chromium (${CHROMIUM}) para las pruebas de extremo a extremo.\n` +
        'Instálalo con:  sudo apt-get update && sudo apt-get install -y chromium\n',
    )
    process.exit(1)
  }
  console.log('> Chromium no está instalado: apt-get install -y chromium')
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  })
  if (!existsSync(CHROMIUM)) {
    console.error(`No se pudo instalar Chromium en ${CHROMIUM}.`)
    process.exit(1)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium()
