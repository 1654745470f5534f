import { listFeeCategories } from '../../../shared/api/fees-endpoints';
import { PUBLIC_FEES_QUERY } from '../../../shared/public-lists';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { endpointQueryKey } from '../../lib/query-client';

/** The public fees list (page 1, 10 per page); a page showing `FeesSection` lists this in `handle.queries`. */
export const feeCategoriesQueryKey = () => endpointQueryKey(listFeeCategories, { query: PUBLIC_FEES_QUERY });

export const useFeeCategories = () => useEndpointQuery(listFeeCategories, { query: PUBLIC_FEES_QUERY });
