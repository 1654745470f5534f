import type { listFeeCategories } from '../../../shared/api/fees-endpoints';
import { PUBLIC_FEES_QUERY } from '../../../shared/public-lists';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { endpointQueryKey } from '../../lib/endpoint-query-key';

/** The public fees list (page 1, 10 per page); a page showing `FeesSection` lists this in `handle.queries`. */
export const feeCategoriesQueryKey = () =>
  endpointQueryKey<typeof listFeeCategories>('/api/fee_categories', { query: PUBLIC_FEES_QUERY });

export const useFeeCategories = () =>
  useEndpointQuery<typeof listFeeCategories>('/api/fee_categories', { query: PUBLIC_FEES_QUERY });
