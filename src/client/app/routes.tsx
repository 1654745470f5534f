import { type RouteObject, redirect } from 'react-router';
import { BOOKING_PAGE_IDS } from '../../shared/public-pages';
import { routePath } from '../../shared/route-path';
import { AppErrorBoundary } from '../components/app-error-boundary/app-error-boundary';
import { PublicLayout } from './layouts/public-layout';
import { PageLoading } from './pages/page-loading';

/**
 * Every route of the app. Public pages are server-rendered (their modules export `handle` with the
 * queries to prefetch and the head tags); `/login` and `/admin/*` are client-only and lazy, so the
 * public site never downloads back-office code, and so are a patient's own booking (`/booking/{reference}`) and the
 * confirmation after paying (`/booking/confirmed`).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: PublicLayout,
    ErrorBoundary: AppErrorBoundary,
    children: [
      { index: true, lazy: () => import('./pages/home-page') },
      { path: 'about_us', lazy: () => import('./pages/about-page') },
      { path: 'about', lazy: () => import('./pages/about-page') },
      { path: 'our_team', lazy: () => import('../features/team/our-team-page') },
      { path: 'our_team/:id', lazy: () => import('../features/team/team-member-page') },
      { path: 'employee/:id', lazy: () => import('../features/team/team-member-page') },
      { path: 'forms', lazy: () => import('../features/allergy-info/forms-page') },
      { path: 'allergy_symptoms', lazy: () => import('../features/allergy-info/allergy-symptoms-page') },
      { path: 'allergy_resources', lazy: () => import('../features/allergy-info/allergy-resources-page') },
      { path: 'allergy_test', lazy: () => import('../features/allergy-info/allergy-test-page') },
      { path: 'blog', lazy: () => import('../features/blog/blog-page') },
      { path: 'article/:slug', lazy: () => import('../features/blog/article-page') },
      { path: 'faq', lazy: () => import('../features/faq/faq-page') },
      { path: 'fees', lazy: () => import('../features/fees/fees-page') },
      { path: 'contact_us', lazy: () => import('../features/contact/contact-page') },
      { path: 'privacy_policy', lazy: () => import('../features/legal/privacy-policy-page') },
      { path: 'terms_and_conditions', lazy: () => import('../features/legal/terms-and-conditions-page') },
      // The self-referral: a fixed segment, which the router ranks before the booking pages' `:id`.
      { path: 'sessions_availability/referral', lazy: () => import('../features/referrals/referral-page') },
      // Only the two booking pages: another id is an unknown path, which the spec sends to /.
      {
        path: 'sessions_availability/:id',
        loader: ({ params }) => (isBookingPageId(params.id) ? null : redirect('/')),
        lazy: () => import('../features/availability/booking-page'),
      },
      { path: 'confirm', lazy: () => import('../features/booking/request-page') },
      { path: 'payment', lazy: () => import('../features/booking/payment-page') },
      // After paying: the confirmation, client-only (below); a fixed segment, ranked before `:reference`.
      { path: 'booking/confirmed', lazy: () => import('../features/booking/confirmation-page') },
      // A patient's own booking, from the link in their confirmation e-mail: client-only (below).
      { path: 'booking/:reference', lazy: () => import('../features/booking/manage-booking-page') },
      // Its intake and consent form, from the same link's token: client-only as well.
      { path: 'booking/:reference/intake', lazy: () => import('../features/booking/intake-page') },
      // The wait list: joining it, and leaving it with the confirmation's link (its token in the fragment): client-only.
      { path: 'waitlist/join', lazy: () => import('../features/waitlist/waitlist-join-page') },
      { path: 'waitlist/:id', lazy: () => import('../features/waitlist/waitlist-leave-page') },
    ],
  },
  { path: '/login', HydrateFallback: PageLoading, lazy: () => import('../features/auth/login-page') },
  // An invited staff member chooses a password: the token is in the fragment, so the page is client-only.
  {
    path: '/login/invite',
    HydrateFallback: PageLoading,
    lazy: () => import('../features/auth/invite-page'),
  },
  {
    path: '/admin',
    HydrateFallback: PageLoading,
    lazy: () => import('./layouts/admin-layout'),
    children: [
      { index: true, lazy: () => import('./pages/admin-home-page') },
      { path: 'calendar', lazy: () => import('../features/appointments/admin-calendar-page') },
      { path: 'video', lazy: () => import('../features/appointments/admin-appointments-page') },
      { path: 'today', lazy: () => import('../features/appointments/admin-today-page') },
      {
        path: 'appointment/create',
        lazy: () => import('../features/appointments/admin-appointment-form-page'),
      },
      {
        path: 'appointment/edit',
        lazy: () => import('../features/appointments/admin-appointment-form-page'),
      },
      { path: 'referrals', lazy: () => import('../features/referrals/admin-referrals-page') },
      { path: 'referrals/:id', lazy: () => import('../features/referrals/admin-referral-page') },
      { path: 'patients', lazy: () => import('../features/patients/admin-patients-page') },
      { path: 'patients/:id', lazy: () => import('../features/patients/admin-patient-page') },
      { path: 'takings', lazy: () => import('../features/takings/admin-takings-page') },
      { path: 'activity', lazy: () => import('../features/audit/admin-activity-page') },
      { path: 'account', lazy: () => import('../features/auth/admin-account-page') },
      { path: 'settings', lazy: () => import('../features/auth/admin-settings-page') },
      { path: 'emails', lazy: () => import('../features/outbox/admin-outbox-page') },
      { path: 'waitlist', lazy: () => import('../features/waitlist/admin-waitlist-page') },
      { path: 'staff', lazy: () => import('../features/staff/admin-staff-page') },
      { path: 'availability', lazy: () => import('../features/availability/admin-availability-page') },
      { path: 'blog', lazy: () => import('../features/blog/admin-blog-list-page') },
      { path: 'article/create', lazy: () => import('../features/blog/admin-article-form-page') },
      { path: 'article/edit', lazy: () => import('../features/blog/admin-article-form-page') },
      { path: 'article/:id', lazy: () => import('../features/blog/admin-article-form-page') },
      { path: 'team', lazy: () => import('../features/team/admin-team-list-page') },
      { path: 'team/add', lazy: () => import('../features/team/admin-team-form-page') },
      { path: 'team/edit/:id', lazy: () => import('../features/team/admin-team-form-page') },
      { path: 'faq', lazy: () => import('../features/faq/admin-faq-list-page') },
      { path: 'faq/add', lazy: () => import('../features/faq/admin-faq-form-page') },
      { path: 'faq/edit/:id', lazy: () => import('../features/faq/admin-faq-form-page') },
      { path: 'fees', lazy: () => import('../features/fees/admin-fee-categories-page') },
      { path: 'fees/add', lazy: () => import('../features/fees/admin-fee-category-form-page') },
      { path: 'fees/:id', lazy: () => import('../features/fees/admin-fee-category-form-page') },
      { path: 'fees/:id/services', lazy: () => import('../features/fees/admin-fee-services-page') },
      { path: 'fees/:id/services/add', lazy: () => import('../features/fees/admin-fee-service-form-page') },
      {
        path: 'fees/:id/services/:serviceId',
        lazy: () => import('../features/fees/admin-fee-service-form-page'),
      },
      { path: '*', lazy: () => import('./pages/admin-not-found-page') },
    ],
  },
  { path: '*', loader: () => redirect('/') },
];

const isBookingPageId = (id: string | undefined): boolean =>
  (BOOKING_PAGE_IDS as readonly (string | undefined)[]).includes(id);

/** The confirmation after paying (`features/booking/booking-titles.ts`, which the booking steps navigate to). */
const BOOKING_CONFIRMED_PATH = '/booking/confirmed';

/**
 * A patient's own booking page, `/booking/{reference}` (one segment after it; `/booking` itself and deeper paths
 * are not it). Its data is one patient's and is read with the token of the page's fragment, which a server never
 * sees, so there is nothing to render, keep or index on the server.
 */
export function isOwnBookingPath(requestPath: string): boolean {
  const pathname = routePath(requestPath);
  return pathname !== BOOKING_CONFIRMED_PATH && /^\/booking\/[^/]+$/.test(pathname);
}

/** A booking's intake and consent form, `/booking/{reference}/intake`: one patient's, read with the link's token. */
export const isOwnIntakePath = (requestPath: string): boolean =>
  /^\/booking\/[^/]+\/intake$/.test(routePath(requestPath));

/** The confirmation after paying (`/booking/confirmed`): what it shows is this tab's, so it is client-only too. */
export const isBookingConfirmedPath = (requestPath: string) =>
  routePath(requestPath) === BOOKING_CONFIRMED_PATH;

/** The wait list's own pages (`/waitlist/join`, `/waitlist/{id}`): a person's, reached from the site or an e-mail. */
const isWaitlistPath = (requestPath: string) => /^\/waitlist\/[^/]+$/.test(routePath(requestPath));

/** Paths served as the client-only shell: never server-rendered, never kept, never indexed. */
export function isClientOnlyPath(requestPath: string): boolean {
  const pathname = routePath(requestPath);
  return (
    pathname === '/login' ||
    pathname === '/login/invite' ||
    pathname === '/admin' ||
    pathname.startsWith('/admin/') ||
    isOwnBookingPath(pathname) ||
    isOwnIntakePath(pathname) ||
    isBookingConfirmedPath(pathname) ||
    isWaitlistPath(pathname)
  );
}
