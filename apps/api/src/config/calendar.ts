import { z } from 'zod'
import { emptyToUndefined } from './env-field.ts'

/** Imported calendars (features/calendar/ical-import.ts). */
export const CalendarEnvSchema = z.object({
  /** How often each imported calendar is read, in minutes (fractions allowed; 0: never). */
  ICAL_POLL_MINUTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'ICAL_POLL_MINUTES debe ser un número de minutos, p. ej. 5' })
      .min(0, 'ICAL_POLL_MINUTES no puede ser negativo')
      .max(1440, 'ICAL_POLL_MINUTES no puede pasar de 1440 (un día)')
      .default(5),
  ),
  /** Tests only: imported calendars may live on this machine or a private network. */
  ICAL_ALLOW_PRIVATE: z.preprocess(
    emptyToUndefined,
    z.enum(['true', 'false'], { error: 'ICAL_ALLOW_PRIVATE debe ser true o false' }).default('false'),
  ),
})
