import { formatEuro } from '../../../shared/euro';
import type { FeeService } from '../../../shared/fees';
import { useFeeCategories } from './fees-api';

type HeadingLevel = 2 | 3 | 4 | 5;
type HeadingTag = 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

function headingTag(level: number): HeadingTag {
  return `h${Math.min(Math.max(level, 2), 6)}` as HeadingTag;
}

function ServiceItem({ service, number, level }: { service: FeeService; number?: number; level: number }) {
  const Heading = headingTag(level);
  return (
    <li className="fees-service">
      <Heading className="fees-service__title">
        {number !== undefined && (
          <>
            <span className="fees-service__number">{`${number}.`}</span>{' '}
          </>
        )}
        {service.title}
      </Heading>
      {service.prices.length > 0 && (
        <ul className="fees-prices">
          {service.prices.map((price) => (
            <li key={price.id} className="fees-price">
              <span className="fees-price__description">{price.description}</span>
              <span className="fees-price__amount">{formatEuro(price.amount)}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The public fee list (spec 2.3): categories, their services (numbered only when a category has more
 * than one) and each service's price lines, then the health-insurance note and the family-discount
 * footnote. `headingLevel` is the level of the category headings; service titles are one level below.
 * The page showing it must prefetch `feeCategoriesQueryKey()` in its `handle.queries`.
 */
export function FeesSection({ headingLevel = 2 }: { headingLevel?: HeadingLevel }) {
  const { data, isPending, isError, error } = useFeeCategories();
  const CategoryHeading = headingTag(headingLevel);
  return (
    <section className="fees" aria-label="Fees">
      {isPending && <p role="status">Loading the fees…</p>}
      {isError && <p role="alert">{error.message}</p>}
      {data &&
        (data.fee_categories.length === 0 ? (
          <p>Our fees will be listed here soon. Please contact us for a quote.</p>
        ) : (
          <div className="fees__categories">
            {data.fee_categories.map((category) => {
              const numbered = category.services.length > 1;
              return (
                <div key={category.id} className="fees-category">
                  <CategoryHeading className="fees-category__title">{category.title}</CategoryHeading>
                  <ul className="fees-services">
                    {category.services.map((service, index) => (
                      <ServiceItem
                        key={service.id}
                        service={service}
                        number={numbered ? index + 1 : undefined}
                        level={headingLevel + 1}
                      />
                    ))}
                  </ul>
                </div>
              );
            })}
          </div>
        ))}
      <p className="fees__insurance">
        Health insurance cover depends on your policy; please check with your insurer before your appointment.
      </p>
      <p className="fees__footnote">Family discounts are offered depending on the appointment type.</p>
    </section>
  );
}
