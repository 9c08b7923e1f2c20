/**
 * The addresses the shared app's OPERATOR_EMAILS lists (global-setup.ts): an account on one of them
 * becomes an operator once its mailbox is confirmed. Specs never share an account: one each.
 */

/** The console's operator (host-publishes-a-cabin.spec.ts registers it and confirms its address). */
export const OPERATOR_EMAIL = 'operadora.e2e@cabanas.mx'
/** The operator who approves host-calendar.spec.ts's cabin. */
export const CALENDAR_OPERATOR_EMAIL = 'operador.calendario.e2e@cabanas.mx'
/** The operator who approves messages.spec.ts's cabin. */
export const MESSAGES_OPERATOR_EMAIL = 'operador.mensajes.e2e@cabanas.mx'
