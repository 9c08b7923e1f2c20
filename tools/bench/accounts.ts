import type { Database } from '../../apps/api/src/db/client.ts'
import { clients } from '../../apps/api/src/db/schema.ts'
import { hashPassword } from '../../apps/api/src/features/auth/passwords.ts'
import { grantOperator } from '../../apps/api/src/features/operators/operators.queries.ts'

export type Account = { email: string; password: string }

/**
 * Accounts of the benches, written into the database before the server starts: verified clients that
 * sign in with their password like anyone (their host profile is made over HTTP), and the operator, whom
 * no route can make (`npm run operator -- add` does the same). Nothing happens the second time.
 */
export async function plantAccounts(db: Database, accounts: Account[]): Promise<void> {
  const hashes = new Map<string, string>()
  for (const { email, password } of accounts) {
    let passwordHash = hashes.get(password)
    if (passwordHash === undefined) {
      passwordHash = await hashPassword(password)
      hashes.set(password, passwordHash)
    }
    await db
      .insert(clients)
      .values({
        firstName: 'Banco',
        lastName: 'De Pruebas',
        email,
        passwordHash,
        isEmailVerified: true,
      })
      .onConflictDoNothing()
  }
}

export async function plantOperator(db: Database, operator: Account): Promise<void> {
  await plantAccounts(db, [operator])
  const granted = await grantOperator(db, operator.email, 'command')
  if (granted.outcome !== 'granted' && granted.outcome !== 'unchanged') {
    throw new Error(`operador ${operator.email}: ${granted.outcome}`)
  }
}
