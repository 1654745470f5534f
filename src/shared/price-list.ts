import { z } from 'zod';
import { MAX_RECORD_ID } from './api/common-schemas';
import { formatEuro } from './euro';

/**
 * One price list (issue 32): each bookable kind names the line of the fees page (a fee price) it costs. The slot
 * editor's default price and the booking page's price name come from it, and a change of that line's amount
 * reprices the kind's future free slots, so the fees page and the price charged cannot drift (decision 0022).
 */

/** The four kinds a patient can book, in the order Settings lists them. */
export const bookableKinds = [
  { key: 'adult_test', isAdult: true, isVideoCall: false, label: 'Allergy test, adult' },
  { key: 'child_test', isAdult: false, isVideoCall: false, label: 'Allergy test, child' },
  { key: 'adult_video', isAdult: true, isVideoCall: true, label: 'Video consultation, adult' },
  { key: 'child_video', isAdult: false, isVideoCall: true, label: 'Video consultation, child' },
] as const;

export type BookableKind = (typeof bookableKinds)[number];
export type BookableKindKey = BookableKind['key'];

/** The kind of a slot's two flags. */
export function bookableKindOf(kind: { isAdult: boolean; isVideoCall: boolean }): BookableKind {
  const found = bookableKinds.find(
    (each) => each.isAdult === kind.isAdult && each.isVideoCall === kind.isVideoCall,
  );
  if (!found) throw new Error('every pair of flags is a bookable kind');
  return found;
}

/** Spec section 9: a new slot's price in euro when its kind costs no line of the price list. */
const DEFAULT_PRICE = { video: 85, test: 180 } as const;

export const defaultPriceOf = (kind: { isVideoCall: boolean }): number =>
  kind.isVideoCall ? DEFAULT_PRICE.video : DEFAULT_PRICE.test;

/** The settings field naming a kind's price line: `adult_test_price_id`, … */
export type KindPriceField = `${BookableKindKey}_price_id`;
export const kindPriceField = (key: BookableKindKey): KindPriceField => `${key}_price_id`;

/** The least a bookable kind may cost: the card provider's least charge in euro (Stripe's €0.50). */
export const MIN_BOOKABLE_PRICE_CENTS = 50;

/** 'Allergy test, adult', 'Allergy test, adult and Video consultation, child', 'A, B and C'. */
const kindList = (labels: readonly string[]) =>
  labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;

export const priceListTexts = {
  lineUnknown: 'Choose a line of the price list.',
  /** A delete refused while a kind costs a line of what would be deleted. */
  linked: (what: 'line' | 'service' | 'category', labels: readonly string[]) => {
    const holder =
      what === 'line'
        ? 'A price line you removed is'
        : what === 'service'
          ? 'This service has'
          : 'This category has';
    const them = labels.length === 1 ? 'it' : 'them';
    const action =
      what === 'line'
        ? 'save again without that line'
        : `delete the ${what === 'service' ? 'service' : 'category'}`;
    return `${holder} the price online booking charges for ${kindList(labels)}. Choose another line for ${them} in Settings, Prices (an administrator can) first, then ${action}.`;
  },
  bookablePriceTooLow:
    'This line is what a kind of appointment costs online, which must be at least €0.50 (the least a card can be charged).',
} as const;

const priceIdSchema = z
  .number({ error: priceListTexts.lineUnknown })
  .int(priceListTexts.lineUnknown)
  .min(1, priceListTexts.lineUnknown)
  .max(MAX_RECORD_ID, priceListTexts.lineUnknown)
  .nullable()
  .optional();

/** The settings' fields naming the kinds' price lines (null: none; left out: kept). */
export const kindPriceSettingsShape = {
  adult_test_price_id: priceIdSchema,
  child_test_price_id: priceIdSchema,
  adult_video_price_id: priceIdSchema,
  child_video_price_id: priceIdSchema,
} satisfies Record<KindPriceField, unknown>;

export const kindPriceSettingsAnswerShape = {
  adult_test_price_id: z.number().int().nullable(),
  child_test_price_id: z.number().int().nullable(),
  adult_video_price_id: z.number().int().nullable(),
  child_video_price_id: z.number().int().nullable(),
} satisfies Record<KindPriceField, unknown>;

/** A kind's line of the price list, as the slot editor and the booking page show it; amount in euro. */
export const priceListLineSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  service: z.string(),
  description: z.string(),
  amount: z.number(),
});
export type PriceListLine = z.infer<typeof priceListLineSchema>;

/** What a change of a price line's amount did to the future free slots of a kind linked to it. */
export const repricedKindSchema = z.object({
  kind: z.enum(bookableKinds.map((kind) => kind.key) as [BookableKindKey, ...BookableKindKey[]]),
  /** 'Allergy test, adult'. */
  label: z.string(),
  /** How many future free slots took the new amount. */
  slots: z.number().int(),
  /** The new amount, euro. */
  amount: z.number(),
});
export type RepricedKind = z.infer<typeof repricedKindSchema>;

/** The fees save's notice of a kind repriced: '12 future free times of Allergy test, adult now cost €190'. */
export function repricedNotice({ label, slots, amount }: RepricedKind): string {
  const euro = formatEuro(amount);
  if (slots === 0) return `No future free time of ${label} had another price; new ones cost ${euro}.`;
  return `${slots} future free ${slots === 1 ? 'time' : 'times'} of ${label} now ${slots === 1 ? 'costs' : 'cost'} ${euro}.`;
}
