import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The top of a back-office form: the link back to its list, the heading (with an optional line above
 * it, `eyebrow`), and optional actions beside it.
 */
export function AdminFormHeader({
  title,
  eyebrow,
  backTo,
  backLabel,
  children,
}: {
  title: string;
  eyebrow?: ReactNode;
  backTo: string;
  backLabel: string;
  children?: ReactNode;
}) {
  const heading = <h1 className="admin-page__title">{title}</h1>;
  return (
    <>
      <Link className="admin-page__back" to={backTo}>
        <span aria-hidden="true">←</span> {backLabel}
      </Link>
      <div className="admin-page__header">
        {eyebrow ? (
          <div>
            {eyebrow}
            {heading}
          </div>
        ) : (
          heading
        )}
        {children}
      </div>
    </>
  );
}
