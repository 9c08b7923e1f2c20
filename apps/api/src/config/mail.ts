import { z } from 'zod'
import { emptyToUndefined } from './env-field.ts'

/** Outgoing mail: SMTP or .eml files in a folder, its From, and how often the outbox is run. */
export const MailEnvSchema = z.object({
  MAIL_OUTBOX_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL debe empezar con smtp:// o smtps://')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^[^\r\n<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/,
        'MAIL_FROM debe ser un correo, p. ej. "Cabañas MX <reservas@cabanas.mx>"',
      )
      .default('Cabañas MX <reservas@cabanas.mx>'),
  ),
  OUTBOX_INTERVAL_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'OUTBOX_INTERVAL_MS debe ser un número de milisegundos' })
      .int('OUTBOX_INTERVAL_MS debe ser un número entero')
      .min(0, 'OUTBOX_INTERVAL_MS no puede ser negativo')
      .default(5000),
  ),
})
