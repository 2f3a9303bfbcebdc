import { z } from 'zod'
import { tr } from 'zod/locales'

// zod's built-in messages (wrong type, a body that is not an object) are English by default; the contract wants
// every error in Turkish. Messages the shared schemas set themselves still win. Idempotent: importing it twice is fine.
z.config(tr())
