import { Link } from 'react-router';

/** What a back-office screen shows for a record that does not exist (deleted, or a mistyped address). */
export function RecordNotFound({
  what,
  backTo,
  backLabel,
}: {
  what: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <div className="admin-not-found" role="alert">
      <p>This {what} does not exist. It may have been deleted.</p>
      <Link className="button button--secondary" to={backTo}>
        {backLabel}
      </Link>
    </div>
  );
}
