import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Every navigation to another page starts at the top of it (spec 2.1). The first load keeps the browser's position. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);

  useLayoutEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);

  return null;
}
