import { z } from 'zod'

// Every schema of the product speaks Spanish, even for the generic messages we don't write ourselves.
z.config(z.locales.es())

export { z }
