import { z } from 'zod';

/** The health check's answer: the server is up and its database answers. */
export const HealthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export type Health = z.infer<typeof HealthSchema>;
