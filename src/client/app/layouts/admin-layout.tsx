import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { getMe } from '../../../shared/api/auth-endpoints';
import { clinic } from '../../../shared/clinic';
import { roleForbiddenText } from '../../../shared/staff-roles';
import { AppErrorBoundary } from '../../components/app-error-boundary/app-error-boundary';
import { LogoMark } from '../../components/brand/logo-mark';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { DocumentHead } from '../../components/document-head/document-head';
import { removeAdminQueries } from '../../features/auth/login-api';
import { rememberSignedOut } from '../../features/auth/remember-signed-out';
import { useLogout, useLogoutEverywhere, useMe } from '../../features/auth/sign-out-api';
import { useAuthToken } from '../../features/auth/use-auth-token';
import { useReferralsAwaiting } from '../../features/referrals/referrals-admin-api';
import { setRoleForbiddenHandler, setUnauthorizedHandler } from '../../lib/api-client';
import { endpointQueryKey } from '../../lib/query-client';
import type { RouteHandle } from '../../lib/route-handle';
import { ScrollToTop } from '../scroll-to-top';
import {
  type AdminMenuCount,
  adminMenuFor,
  isInOtherSectionPath,
  menuBadgeSpoken,
  roleMayOpen,
} from './admin-menu';
import '../../styles/base.css';
import '../../styles/admin.css';

export const handle: RouteHandle = {
  head: () => ({ title: 'Back office', description: 'Staff back office of the clinic.', noindex: true }),
};

export function ErrorBoundary() {
  return <AppErrorBoundary />;
}

/** The back office's frame (lazy, client-only). Without a token it sends the visitor to /login. */
export function Component() {
  const token = useAuthToken();
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location }} />;
  return <AdminShell />;
}

function AdminShell() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const logout = useLogout();
  const logoutEverywhere = useLogoutEverywhere();
  const signingOut = logout.isPending || logoutEverywhere.isPending;
  const [confirmingEverywhere, setConfirmingEverywhere] = useState(false);
  const me = useMe();
  const adminUser = me.data?.admin_user;
  // Only what the role may use, once it is known: no item flashes by that is then taken away.
  const menu = adminUser ? adminMenuFor(adminUser.role) : [];
  const awaiting = useReferralsAwaiting(menu.some((item) => item.badge?.count === 'referralsAwaiting'));
  // The clinic requires a second factor this staff member has not set: only the account page can help.
  const mustSetUpSecondFactor = me.data?.second_factor?.required && !me.data.second_factor.enabled;
  const counts: Record<AdminMenuCount, number | undefined> = { referralsAwaiting: awaiting.data?.count };
  const menuCount = menu.reduce((sum, item) => sum + (item.badge ? (counts[item.badge.count] ?? 0) : 0), 0);

  // Any 401 (the token expired or was revoked) has already cleared the token: forget the data, go to /login,
  // which says why when the session ran out by itself.
  useEffect(() => {
    setUnauthorizedHandler((reason) => {
      rememberSignedOut(reason);
      removeAdminQueries(queryClient);
      void navigate('/login', { replace: true });
    });
    return () =>
      setUnauthorizedHandler(() => {
        window.location.assign('/login');
      });
  }, [navigate, queryClient]);

  // A call the role may not make (403 role_forbidden) refuses the screen it was made from, until a navigation. The
  // role may have changed since `me` was read (an administrator changed it): read it again, so the menu shows what
  // the role is now.
  const [refusedPath, setRefusedPath] = useState<string | null>(null);
  useEffect(() => {
    setRoleForbiddenHandler(() => {
      setRefusedPath(window.location.pathname);
      void queryClient.invalidateQueries({ queryKey: endpointQueryKey(getMe) });
    });
    return () => setRoleForbiddenHandler(() => {});
  }, [queryClient]);
  const refused =
    refusedPath === pathname || (adminUser !== undefined && !roleMayOpen(adminUser.role, pathname));

  // A navigation closes the small-screen menu.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setMenuOpen(false);
  }

  // Escape closes the small-screen menu.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (document.getElementById('admin-menu')?.contains(document.activeElement)) toggleRef.current?.focus();
      setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <div className="admin">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="admin-header">
        <div className="admin-header__bar">
          <Link to="/admin" className="admin-brand">
            <LogoMark size={34} />
            <span className="admin-brand__text">
              <span className="admin-brand__name">{clinic.name}</span>
              <span className="admin-brand__sub">Back office</span>
            </span>
          </Link>
          <div className="admin-header__actions">
            {adminUser && (
              <span className="admin-header__user">
                <span className="visually-hidden">Signed in as </span>
                {adminUser.name || adminUser.email}
              </span>
            )}
            <button
              ref={toggleRef}
              type="button"
              className="admin-header__toggle"
              aria-expanded={menuOpen}
              aria-controls="admin-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path
                  d={menuOpen ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'}
                  stroke="currentColor"
                  strokeWidth="2.2"
                  strokeLinecap="round"
                />
              </svg>
              Menu
              {menuCount ? (
                // Seen on a phone with the menu closed; the menu's own links say what it counts.
                <span className="admin-nav__badge" aria-hidden="true">
                  {menuCount}
                </span>
              ) : null}
            </button>
            <button
              type="button"
              className="admin-header__logout"
              disabled={signingOut}
              title="Sign out everywhere: this and every other browser or device"
              onClick={() => setConfirmingEverywhere(true)}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path
                  d="M12 3v8M7.05 6.05a7 7 0 1 0 9.9 0"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <span className="admin-header__logout-text admin-header__logout-text--wide">
                Sign out everywhere
              </span>
            </button>
            <button
              type="button"
              className="admin-header__logout"
              disabled={signingOut}
              onClick={() => logout.mutate()}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path
                  d="M9 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h3M15 16l4-4-4-4M19 12H9"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <span className="admin-header__logout-text">Log out</span>
            </button>
          </div>
        </div>
        <ConfirmDialog
          open={confirmingEverywhere}
          title="Sign out everywhere?"
          message="Every browser and device signed in as you, this one included, will have to sign in again."
          confirmLabel="Sign out everywhere"
          busy={logoutEverywhere.isPending}
          onConfirm={() =>
            logoutEverywhere.mutate(undefined, { onSettled: () => setConfirmingEverywhere(false) })
          }
          onCancel={() => setConfirmingEverywhere(false)}
        />
        <nav id="admin-menu" className="admin-nav" aria-label="Admin menu" data-open={menuOpen}>
          <ul className="admin-nav__list">
            {menu.map((item) => {
              const count = item.badge ? counts[item.badge.count] : undefined;
              const spoken = item.badge ? menuBadgeSpoken(count, item.badge.spoken) : undefined;
              return (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    // With a count, the name says what it counts: 'Referrals, 3 awaiting'.
                    aria-label={spoken ? `${item.label}${spoken}` : undefined}
                    className={({ isActive }) =>
                      isActive || isInOtherSectionPath(item, pathname)
                        ? 'admin-nav__link active'
                        : 'admin-nav__link'
                    }
                  >
                    {item.label}
                    {spoken && ' '}
                    {spoken && (
                      <span className="admin-nav__badge" aria-hidden="true">
                        {count}
                      </span>
                    )}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
      </header>
      <main id="main" className="admin-main" tabIndex={-1}>
        {mustSetUpSecondFactor && pathname !== '/admin/account' ? (
          <Navigate to="/admin/account" replace />
        ) : refused ? (
          <RoleRefused />
        ) : (
          <Outlet />
        )}
      </main>
      <ScrollToTop />
      <DocumentHead />
    </div>
  );
}

/** A screen the signed-in role may not use, reached directly or refused by the server: said plainly. */
function RoleRefused() {
  return (
    <div className="admin-page">
      <h1 className="admin-page__title">Not available to your role</h1>
      <div className="admin-not-found">
        <p className="admin-not-found__path" role="alert">
          {roleForbiddenText} Ask an administrator if you need it.
        </p>
        <Link className="button button--secondary" to="/admin">
          Back to the dashboard
        </Link>
      </div>
    </div>
  );
}
