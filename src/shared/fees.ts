import { paginationQuerySchema } from './pagination';

export interface FeePrice {
  id: number;
  description: string;
  /** Euro, e.g. 180 or 85.5 (stored as cents). */
  amount: number;
}

export interface FeeService {
  id: number;
  title: string;
  fee_category_id: number;
  prices: FeePrice[];
}

export interface FeeCategory {
  id: number;
  title: string;
  services: FeeService[];
}

export interface FeeCategoriesResponse {
  fee_categories: FeeCategory[];
  pages: number;
  count: number;
}

/** The public fees list: the spec reads page 1 with 10 per page. */
export const PUBLIC_FEES_QUERY = { page: 1, per_page: 10 } as const;

export const feeCategoriesQuerySchema = paginationQuerySchema.strict();

const wholeEuro = new Intl.NumberFormat('en-IE', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const euroAndCent = new Intl.NumberFormat('en-IE', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '€180' for whole euro, '€85.50' otherwise (en-IE). */
export function formatEuro(amount: number): string {
  return Math.round(amount * 100) % 100 === 0 ? wholeEuro.format(amount) : euroAndCent.format(amount);
}
