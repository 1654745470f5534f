import type { RouteHandle } from '../../lib/route-handle';
import { feeCategoriesQueryKey } from './fees-api';
import { FeesSection } from './fees-section';

export const handle: RouteHandle = {
  queries: () => [feeCategoriesQueryKey()],
  head: () => ({
    title: 'Fees',
    description:
      'Consultation and allergy test fees at the clinic, with notes on health insurance cover and family discounts.',
  }),
};

export function Component() {
  return (
    <div className="page container">
      <h1 className="page__title">Fees</h1>
      <p className="page__lead">What consultations and allergy tests cost at the clinic.</p>
      <FeesSection headingLevel={2} />
    </div>
  );
}
