import { getTextsConfig } from '../../shared/api/text-endpoints';
import { useEndpointQuery } from './endpoint-query';

/**
 * Whether the clinic sends texts (Twilio set up): the forms ask for consent to texts only then, so nobody ticks a
 * box for texts that never come. Undefined while it is read; read once a visit.
 */
export function useTextsSetUp(): boolean | undefined {
  return useEndpointQuery(getTextsConfig, {}, { staleTime: Number.POSITIVE_INFINITY }).data?.set_up;
}
