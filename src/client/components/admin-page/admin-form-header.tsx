import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The top of a back-office form: the link back to its list, the heading, and optional actions beside it. */
export function AdminFormHeader({
  title,
  backTo,
  backLabel,
  children,
}: {
  title: string;
  backTo: string;
  backLabel: string;
  children?: ReactNode;
}) {
  return (
    <>
      <Link className="admin-page__back" to={backTo}>
        <span aria-hidden="true">←</span> {backLabel}
      </Link>
      <div className="admin-page__header">
        <h1 className="admin-page__title">{title}</h1>
        {children}
      </div>
    </>
  );
}
