import type { TestProject } from 'vitest/node'
import { startApp } from './app-server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** Where the app writes its mails (.eml files): the end-to-end tests read them like an inbox. */
    outboxDir: string
    /** The address OPERATOR_EMAILS lists: its account becomes an operator once its mailbox is confirmed. */
    operatorEmail: string
    /** Another address OPERATOR_EMAILS lists, for host-calendar.spec.ts (specs never share an account). */
    calendarOperatorEmail: string
    /** Another address OPERATOR_EMAILS lists, for messages.spec.ts. */
    messagesOperatorEmail: string
  }
}

/** The console's operator (host-publishes-a-cabin.spec.ts registers it and confirms its address). */
const OPERATOR_EMAIL = 'operadora.e2e@cabanas.mx'
/** The operator who approves host-calendar.spec.ts's cabin. */
const CALENDAR_OPERATOR_EMAIL = 'operador.calendario.e2e@cabanas.mx'
/** The operator who approves messages.spec.ts's cabin. */
const MESSAGES_OPERATOR_EMAIL = 'operador.mensajes.e2e@cabanas.mx'

/** The real app, built, on a fresh embedded database seeded with the demo catalogue (app-server.ts). */
export default async function setup(project: TestProject) {
  const app = await startApp({
    OPERATOR_EMAILS: `${OPERATOR_EMAIL},${CALENDAR_OPERATOR_EMAIL},${MESSAGES_OPERATOR_EMAIL}`,
  })
  project.provide('baseUrl', app.baseUrl)
  project.provide('outboxDir', app.outboxDir)
  project.provide('operatorEmail', OPERATOR_EMAIL)
  project.provide('calendarOperatorEmail', CALENDAR_OPERATOR_EMAIL)
  project.provide('messagesOperatorEmail', MESSAGES_OPERATOR_EMAIL)
  return app.stop
}
