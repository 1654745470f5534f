import { Link } from 'react-router';
import { pageItems } from './blog-format';

const href = (page: number) => `/blog?page=${page}`;

/** The blog's page selector (5 pages, 1 margin page, like react-paginate): real links, so it works without JavaScript. */
export function BlogPagination({ current, total }: { current: number; total: number }) {
  if (total <= 1) return null;
  return (
    <nav className="blog-pagination" aria-label="Blog pages">
      <ul className="blog-pagination__list">
        <li>
          {current > 1 ? (
            <Link className="blog-pagination__step" to={href(current - 1)} rel="prev">
              <span aria-hidden="true">‹ </span>Previous
            </Link>
          ) : (
            <span className="blog-pagination__step blog-pagination__step--disabled" aria-disabled="true">
              <span aria-hidden="true">‹ </span>Previous
            </span>
          )}
        </li>
        {pageItems(current, total).map((item) =>
          item.kind === 'break' ? (
            <li key={item.key} className="blog-pagination__break" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                className="blog-pagination__page"
                to={href(item.page)}
                aria-current={item.page === current ? 'page' : undefined}
                aria-label={`Page ${item.page}`}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li>
          {current < total ? (
            <Link className="blog-pagination__step" to={href(current + 1)} rel="next">
              Next<span aria-hidden="true"> ›</span>
            </Link>
          ) : (
            <span className="blog-pagination__step blog-pagination__step--disabled" aria-disabled="true">
              Next<span aria-hidden="true"> ›</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
