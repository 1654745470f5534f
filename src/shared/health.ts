import { z } from 'zod';

/** `GET /api/health` when the server is up and its database answers. */
export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
