/**
 * Grants and takes the operator role of the marketplace, the only way besides OPERATOR_EMAILS (no
 * route ever grants it):
 *   npm run operator -- add <email>
 *   npm run operator -- remove <email>
 *   npm run operator -- list
 * On the database the server uses: PostgreSQL with DATABASE_URL, else the PGlite folder DATA_DIR
 * (which only one process may open: stop the server first). Reads ./.env like `npm start`.
 */
import { existsSync } from 'node:fs'
import { requireValue } from '@cabanas/domain/shared'
import { ConfigError, loadConfig } from '../src/config.ts'
import { openDatabase } from '../src/db/client.ts'
import { DataDirLockedError } from '../src/db/data-dir-lock.ts'
import {
  grantOperator,
  listOperatorEmails,
  type OperatorChange,
  revokeOperator,
} from '../src/features/operators/operators.queries.ts'

const USAGE = 'Uso: npm run operator -- add <correo> | remove <correo> | list'
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function explain(
  command: 'add' | 'remove',
  email: string,
  change: OperatorChange,
): { ok: boolean; text: string } {
  switch (change.outcome) {
    case 'granted':
      return { ok: true, text: `Listo: ${email} ahora es operador (desde su siguiente solicitud).` }
    case 'revoked':
      return { ok: true, text: `Listo: ${email} ya no es operador (desde su siguiente solicitud).` }
    case 'unchanged':
      return { ok: true, text: command === 'add' ? `${email} ya era operador.` : `${email} no era operador.` }
    case 'no-account':
      return {
        ok: false,
        text: `No hay ninguna cuenta con el correo ${email}: primero regístrate en el sitio.`,
      }
    case 'unverified':
      return {
        ok: false,
        text: `La cuenta ${email} aún no confirma su correo: abre el enlace de 'Confirma tu correo' y vuelve a intentarlo.`,
      }
  }
}

async function main(args: string[]): Promise<number> {
  const [command, email, ...extra] = args
  const takesEmail = command === 'add' || command === 'remove'
  if (!(takesEmail || command === 'list') || extra.length > 0 || (takesEmail ? !email : email)) {
    console.error(USAGE)
    return 2
  }
  if (takesEmail && !EMAIL.test(email ?? '')) {
    console.error(`'${email}' no es un correo válido.\n${USAGE}`)
    return 2
  }
  if (existsSync('.env')) process.loadEnvFile('.env')
  const config = loadConfig()
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  )
  try {
    await database.migrate()
    if (command === 'list') {
      const rows = await listOperatorEmails(database.db)
      if (rows.length === 0) console.log('No hay operadores.')
      for (const row of rows) console.log(`${row.email}  (${row.grantedBy}, ${row.grantedAt.toISOString()})`)
      return 0
    }
    const address = requireValue(email, 'the email the command takes').toLowerCase()
    const change =
      command === 'add'
        ? await grantOperator(database.db, address, 'command')
        : await revokeOperator(database.db, address)
    const { ok, text } = explain(command, address, change)
    ;(ok ? console.log : console.error)(text)
    if (command === 'remove' && config.operatorEmails.includes(address)) {
      console.warn(
        `Aviso: ${address} sigue en OPERATOR_EMAILS; quítalo de ahí o el siguiente arranque le devolverá el rol.`,
      )
    }
    return ok ? 0 : 1
  } finally {
    await database.close()
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof DataDirLockedError || error instanceof ConfigError) console.error(error.message)
    else console.error('No se pudo cambiar el rol de operador:', error)
    process.exit(1)
  },
)
