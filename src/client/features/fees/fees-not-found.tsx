import { Link } from 'react-router';

/** What an admin fees screen shows for an id that does not exist (deleted, or a mistyped address). */
export function FeesNotFound({ what }: { what: string }) {
  return (
    <div className="fees-admin__not-found" role="alert">
      <p>This {what} does not exist. It may have been deleted.</p>
      <Link className="button button--secondary" to="/admin/fees">
        Back to the fee categories
      </Link>
    </div>
  );
}
