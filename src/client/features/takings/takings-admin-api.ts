import { keepPreviousData } from '@tanstack/react-query';
import { exportTakings, getTakings } from '../../../shared/api/takings-admin-endpoints';
import { endpointAddress } from '../../lib/api-client';
import { useEndpointQuery } from '../../lib/endpoint-query';

/** A range of clinic days as the screen keeps it: YYYY-MM-DD, both included. */
export interface TakingsRange {
  from: string;
  to: string;
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY', as the API takes a day. */
const apiDay = (day: string) => `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

const takingsQuery = (range: TakingsRange) => ({ from: apiDay(range.from), to: apiDay(range.to) });

/**
 * The takings of the range, day by day, read afresh each time (money moves all day), the last range's kept on
 * screen while the next loads; nothing is asked for a range the screen refuses (none).
 */
export const useTakings = (range: TakingsRange | undefined) =>
  useEndpointQuery(
    getTakings,
    { query: takingsQuery(range ?? { from: '2000-01-01', to: '2000-01-01' }) },
    { enabled: range !== undefined, staleTime: 0, placeholderData: keepPreviousData },
  );

/** The address of Takings.csv of the range. */
export const takingsCsvUrl = (range: TakingsRange) =>
  endpointAddress(exportTakings, { query: takingsQuery(range) });
