import { z } from 'zod';

/** `GET /api/texts/config`: whether texts are set up, so the forms offer texts only when one can be sent. */
export const textsConfigResponseSchema = z.object({ set_up: z.boolean() });
