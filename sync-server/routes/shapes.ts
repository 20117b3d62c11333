import { z } from 'zod'

/** The `:id` of the REST mirror's documents. */
export const IdParams = z.object({ id: z.string().max(200) })

export const Success = z.object({ success: z.literal(true) })

/** A JSON object body whose fields an input check in schema/validation reads, with the spec's messages. */
export const ObjectBody = z.record(z.string(), z.unknown())
