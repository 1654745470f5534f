/** Shown while a client-only screen's code loads (the back office and sign-in are lazy chunks). */
export function PageLoading() {
  return (
    <p className="page-loading" role="status">
      Loading…
    </p>
  );
}
