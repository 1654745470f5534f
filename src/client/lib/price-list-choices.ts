import { listFeeCategories } from '../../shared/api/fees-endpoints';
import { formatEuro } from '../../shared/euro';
import { useEndpointQuery } from './endpoint-query';

export interface PriceListGroup {
  categoryId: number;
  /** The fee category's title. */
  category: string;
  /** Its price lines: 'Skin prick test › Skin prick test, adult or child — €180'. */
  lines: { id: number; label: string }[];
}

/**
 * The lines of the price list a bookable kind may cost (Settings), by category: the public fees list, which every
 * staff role may read, in its order; a category without a price line is left out.
 */
export function usePriceListChoices(): { groups: PriceListGroup[]; state: 'loading' | 'loaded' | 'failed' } {
  const fees = useEndpointQuery(listFeeCategories, { query: { per_page: 100 } });
  const groups = (fees.data?.fee_categories ?? [])
    .map((category) => ({
      categoryId: category.id,
      category: category.title,
      lines: category.services.flatMap((service) =>
        service.prices.map((price) => ({
          id: price.id,
          label: `${service.title} › ${price.description} — ${formatEuro(price.amount)}`,
        })),
      ),
    }))
    .filter((group) => group.lines.length > 0);
  return { groups, state: fees.data ? 'loaded' : fees.isError ? 'failed' : 'loading' };
}
