import { startApp } from './app-server.ts'
import { SHARED_OPERATOR_EMAILS } from './operators.ts'

/**
 * The real app, built, on a fresh embedded database seeded with the demo catalogue (app-server.ts),
 * shared by the specs. Its address and mailbox reach them in the environment, which Playwright's
 * workers inherit (fixtures.ts reads it); the function returned stops it after the last spec.
 */
export default async function globalSetup() {
  const app = await startApp({
    OPERATOR_EMAILS: SHARED_OPERATOR_EMAILS.join(','),
  })
  process.env.E2E_BASE_URL = app.baseUrl
  /** Where the app writes its mails (.eml files): the end-to-end tests read them like an inbox. */
  process.env.E2E_OUTBOX_DIR = app.outboxDir
  return app.stop
}
