import { E2E_RETRIES } from './fixtures.ts'

/**
 * The addresses the shared app's OPERATOR_EMAILS lists (global-setup.ts): an account on one of them
 * becomes an operator once its mailbox is confirmed. Specs never share an account: one each, and one
 * per attempt (the shared app keeps the first attempt's account, so a retry registers another).
 */

/** The console's operator (host-publishes-a-cabin.spec.ts registers it and confirms its address). */
export const OPERATOR_EMAIL = 'operadora.e2e@cabanas.mx'
/** The operator who approves host-calendar.spec.ts's cabin. */
export const CALENDAR_OPERATOR_EMAIL = 'operador.calendario.e2e@cabanas.mx'
/** The operator who approves messages.spec.ts's cabin. */
export const MESSAGES_OPERATOR_EMAIL = 'operador.mensajes.e2e@cabanas.mx'

/** Attempts per test: the first and its retries. */
const ATTEMPTS = E2E_RETRIES + 1

/** An operator's address for an attempt (`testInfo.retry`): the first attempt's is `email` itself. */
export function operatorForAttempt(email: string, retry: number): string {
  if (retry >= ATTEMPTS) throw new Error(`no operator address for retry ${retry}: list more in operators.ts`)
  return retry === 0 ? email : email.replace('@', `.intento${retry + 1}@`)
}

/** Every address OPERATOR_EMAILS lists for the shared app. */
export const SHARED_OPERATOR_EMAILS = [
  OPERATOR_EMAIL,
  CALENDAR_OPERATOR_EMAIL,
  MESSAGES_OPERATOR_EMAIL,
].flatMap((email) => Array.from({ length: ATTEMPTS }, (_, retry) => operatorForAttempt(email, retry)))
