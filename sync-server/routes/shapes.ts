import { z } from 'zod'

/** The `:id` of the REST mirror's documents. */
export const IdParams = z.object({ id: z.string().max(200) })

export const Success = z.object({ success: z.literal(true) })
