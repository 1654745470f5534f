import { z } from 'zod';
import { MAX_RECORD_ID, pagedListSchema, recordIdParams } from './api/common-schemas';
import { parseEuroCents } from './euro';
import { adminListQuerySchema, paginationQuerySchema } from './pagination';
import { repricedKindSchema } from './price-list';
import { isOneLine, texts } from './validation-texts';

const feePriceSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  /** Euro, e.g. 180 or 85.5 (stored as cents). */
  amount: z.number(),
});
export type FeePrice = z.infer<typeof feePriceSchema>;

const feeServiceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  fee_category_id: z.number().int(),
  prices: z.array(feePriceSchema),
});
export type FeeService = z.infer<typeof feeServiceSchema>;

const feeCategorySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  services: z.array(feeServiceSchema),
});
export type FeeCategory = z.infer<typeof feeCategorySchema>;

export const feeCategoriesResponseSchema = pagedListSchema('fee_categories', feeCategorySchema);

export const feeCategoriesQuerySchema = paginationQuerySchema.strict();

// ---------------------------------------------------------------------------------------------------
// Back office: /api/admin/fee_categories and /api/admin/services

export const FEE_LIMITS = {
  title: 200,
  description: 300,
  /** Euro; anything above is a typing slip (an extra zero), not a clinic fee. */
  maxAmount: 100_000,
  /** Characters the amount field takes: '€ 100000.00' fits. */
  amountText: 12,
  priceLines: 50,
} as const;

export const feeTexts = {
  amountInvalid: 'Enter an amount in euro, for example 180 or 85.50.',
  amountNegative: 'The amount cannot be negative. Enter an amount in euro, for example 180 or 85.50.',
  amountTooLarge: 'Enter an amount of at most €100,000.',
  tooManyPrices: `A service can have at most ${FEE_LIMITS.priceLines} price lines.`,
  categoryMissing: 'This fee category does not exist.',
  priceNotOfService: 'This price line does not belong to this service.',
  priceRepeated: 'This price line is listed more than once.',
  destroyInvalid: '_destroy must be true or false.',
  pricesInvalid: 'prices_attributes must be a list of price lines.',
} as const;

/** A category as the back office lists it: its services are counted, not listed. */
const adminFeeCategorySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  services_count: z.number().int(),
});
export type AdminFeeCategory = z.infer<typeof adminFeeCategorySchema>;

export const adminFeeCategoriesResponseSchema = pagedListSchema('fee_categories', adminFeeCategorySchema);

export const adminFeeCategoryResponseSchema = z.object({ fee_category: adminFeeCategorySchema });

/** Services are the public shape: title, category and price lines with amounts in euro. */
export const adminFeeServicesResponseSchema = pagedListSchema('services', feeServiceSchema);

export const adminFeeServiceResponseSchema = z.object({ service: feeServiceSchema });

/** A service changed, and what its lines' new amounts did to the kinds that cost them (decision 0022). */
export const adminFeeServiceUpdateResponseSchema = adminFeeServiceResponseSchema.extend({
  repriced: z.array(repricedKindSchema),
});

export const feeCategoryIdParams = recordIdParams('Fee category');
export const feeServiceIdParams = recordIdParams('Fee service');

export const adminFeeCategoriesQuerySchema = adminListQuerySchema.strict();

export const adminFeeServicesQuerySchema = adminListQuerySchema
  .extend({
    category_id: z.coerce
      .number({ error: 'category_id must be a whole number from 1' })
      .int('category_id must be a whole number from 1')
      .min(1, 'category_id must be a whole number from 1')
      .max(MAX_RECORD_ID, 'category_id must be a whole number from 1')
      .optional(),
  })
  .strict();

/** Cents as the amount field shows them: '180' or '85.50'. */
export function centsToEuroText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

const titleSchema = z
  .string({ error: texts.required })
  .trim()
  .min(1, { error: texts.required, abort: true })
  .max(FEE_LIMITS.title, texts.tooLong)
  .refine(isOneLine, texts.notAllowedCharacters);

/** The fee category form and the body of `POST`/`PUT /api/admin/fee_categories` (spec section 5). */
export const feeCategoryFormSchema = z.object({ title: titleSchema }).strict();

const idText = z.union([z.string(), z.number()]);

function toId(value: string | number): number | undefined {
  const text = String(value).trim();
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id >= 1 && id <= MAX_RECORD_ID ? id : undefined;
}

/** What one `prices_attributes` line asks for, as Rails nested attributes read it. */
export type PriceLineChange =
  | { kind: 'save'; id?: number; description: string; amountCents: number }
  | { kind: 'destroy'; id: number }
  /** A new line marked `_destroy`: nothing to do. */
  | { kind: 'skip' };

const priceLineSchema = z
  .object({
    id: idText.optional(),
    description: z.string({ error: texts.required }).optional(),
    amount: z.union([z.string(), z.number()], { error: feeTexts.amountInvalid }).optional(),
    _destroy: z.union([z.boolean(), z.string(), z.number()]).optional(),
  })
  .strict()
  .transform((line, ctx): PriceLineChange => {
    let id: number | undefined;
    if (line.id !== undefined && String(line.id).trim() !== '') {
      id = toId(line.id);
      if (id === undefined) {
        ctx.addIssue({ code: 'custom', message: feeTexts.priceNotOfService, path: ['id'] });
        return z.NEVER;
      }
    }
    const destroy = line._destroy === undefined ? 'false' : String(line._destroy).trim();
    if (!['true', '1', 'false', '0', ''].includes(destroy)) {
      ctx.addIssue({ code: 'custom', message: feeTexts.destroyInvalid, path: ['_destroy'] });
      return z.NEVER;
    }
    if (destroy === 'true' || destroy === '1')
      return id === undefined ? { kind: 'skip' } : { kind: 'destroy', id };

    const description = (line.description ?? '').trim();
    const descriptionError =
      description === ''
        ? texts.required
        : description.length > FEE_LIMITS.description
          ? texts.tooLong
          : isOneLine(description)
            ? undefined
            : texts.notAllowedCharacters;
    if (descriptionError) ctx.addIssue({ code: 'custom', message: descriptionError, path: ['description'] });

    const amount = line.amount === undefined ? '' : String(line.amount).trim();
    const amountCents = parseEuroCents(amount);
    const amountError =
      amount === ''
        ? texts.required
        : amount.startsWith('-')
          ? feeTexts.amountNegative
          : amountCents === undefined
            ? feeTexts.amountInvalid
            : amountCents > FEE_LIMITS.maxAmount * 100
              ? feeTexts.amountTooLarge
              : undefined;
    if (amountError) ctx.addIssue({ code: 'custom', message: amountError, path: ['amount'] });

    if (descriptionError || amountError || amountCents === undefined) return z.NEVER;
    return { kind: 'save', id, description, amountCents };
  });

/**
 * The fee service form: a title and its price lines. `prices_attributes` follows Rails nested
 * attributes: a line without `id` is added, a line with `id` updates that line, `_destroy` removes it;
 * saved lines not listed stay as they are. A service may have no price lines.
 */
export const feeServiceFormSchema = z
  .object({
    title: titleSchema,
    prices_attributes: z
      .array(priceLineSchema, { error: feeTexts.pricesInvalid })
      .max(FEE_LIMITS.priceLines, feeTexts.tooManyPrices)
      .default([]),
  })
  .strict();

export type FeeServiceFormInput = z.input<typeof feeServiceFormSchema>;
export type FeeServiceFormOutput = z.output<typeof feeServiceFormSchema>;

const categoryIdSchema = z
  .union([z.string(), z.number()], { error: texts.required })
  .transform((value, ctx) => {
    if (String(value).trim() === '') {
      ctx.addIssue({ code: 'custom', message: texts.required });
      return z.NEVER;
    }
    const id = toId(value);
    if (id === undefined) {
      ctx.addIssue({ code: 'custom', message: feeTexts.categoryMissing });
      return z.NEVER;
    }
    return id;
  });

/**
 * `prices_attributes` as Rails also reads it: a hash by index (`{ "0": {...}, "1": {...} }`) is the
 * list of its lines in index order.
 */
function pricesAsList(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const lines = value as Record<string, unknown>;
  const keys = Object.keys(lines).sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
  return keys.map((key) => lines[key]);
}

const requestPricesSchema = z.preprocess(pricesAsList, feeServiceFormSchema.shape.prices_attributes);

/** `POST /api/admin/services`: the form plus the category it belongs to. */
export const feeServiceCreateSchema = feeServiceFormSchema
  .extend({ prices_attributes: requestPricesSchema, fee_category_id: categoryIdSchema })
  .strict();

/** `PUT /api/admin/services/{id}`: the form; `fee_category_id` moves the service to another category. */
export const feeServiceUpdateSchema = feeServiceFormSchema
  .extend({ prices_attributes: requestPricesSchema, fee_category_id: categoryIdSchema.optional() })
  .strict();

export type FeeServiceCreate = z.output<typeof feeServiceCreateSchema>;
export type FeeServiceUpdate = z.output<typeof feeServiceUpdateSchema>;
