import { z } from 'zod'
import { emptyToUndefined } from './env-field.ts'

/** What one process takes on: the per-IP request budget and load shedding (plugins/rate-limits.ts, app.ts). */
export const LimitsEnvSchema = z.object({
  RATE_LIMIT_PER_MINUTE: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'RATE_LIMIT_PER_MINUTE debe ser un número de solicitudes' })
      .int('RATE_LIMIT_PER_MINUTE debe ser un número entero')
      .min(0, 'RATE_LIMIT_PER_MINUTE no puede ser negativo')
      .default(1200),
  ),
  /** Unset: 1000 (load shedding on), but 0 with NODE_ENV=test (tests not about shedding). */
  MAX_EVENT_LOOP_DELAY_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'MAX_EVENT_LOOP_DELAY_MS debe ser un número de milisegundos' })
      .int('MAX_EVENT_LOOP_DELAY_MS debe ser un número entero')
      .min(0, 'MAX_EVENT_LOOP_DELAY_MS no puede ser negativo')
      .optional(),
  ),
})
