import { useQuery } from '@tanstack/react-query';
import type { FeeCategoriesResponse } from '../../../shared/fees';
import { PUBLIC_FEES_QUERY } from '../../../shared/public-lists';
import type { ApiQueryKey } from '../../lib/query-client';

/** The public fees list (page 1, 10 per page); a page showing `FeesSection` lists this in `handle.queries`. */
export const feeCategoriesQueryKey = (): ApiQueryKey => ['/api/fee_categories', PUBLIC_FEES_QUERY];

export function useFeeCategories() {
  return useQuery<FeeCategoriesResponse>({ queryKey: feeCategoriesQueryKey() });
}
