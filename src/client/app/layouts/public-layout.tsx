import { Outlet } from 'react-router';
import { DeferredPart } from '../../components/deferred-part/deferred-part';
import { DocumentHead } from '../../components/document-head/document-head';
import { SiteHeader } from '../../components/site-header/site-header';
import { ScrollToTop } from '../scroll-to-top';
import '../../styles/base.css';
import '../public-page-styles';

const loadFooter = () =>
  import('../../components/site-footer/site-footer').then((module) => module.SiteFooter);

/**
 * The public pages' frame: skip link, header with the menu, the page, footer. Server-rendered and
 * hydrated, so it renders the same on both sides (no browser APIs during render).
 */
export function PublicLayout() {
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <DeferredPart name="site-footer" load={loadFooter} props={{}} />
      {/* Without JavaScript the menu cannot toggle: this sheet shows it open instead. */}
      <noscript>
        <link rel="stylesheet" href="/no-js.css" />
      </noscript>
      <ScrollToTop />
      <DocumentHead />
    </div>
  );
}
