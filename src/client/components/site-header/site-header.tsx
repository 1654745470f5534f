import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { clinic } from '../../../shared/clinic';
import { LogoMark } from '../brand/logo-mark';
import { BOOKING_PATH, isLinkActive, type MenuLink, type SubMenu, siteMenu } from './site-menu';
import './site-header.css';

/** Width from which the menu is a horizontal bar with drop-downs (matches site-header.css). */
const DESKTOP_QUERY = '(min-width: 56.25rem)';
const HOVER_CLOSE_DELAY_MS = 200;

type OpenedBy = 'hover' | 'click';

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * The public header: logo, the menu of spec 2.1 with its two submenus (open on hover, and on click or
 * keyboard: Enter/Space toggles, Escape closes, leaving closes) and the booking button. Below 900 px the
 * menu hides behind a 'Menu' toggle. Every navigation closes what is open.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [openSubmenu, setOpenSubmenu] = useState<string | null>(null);
  const openedBy = useRef<OpenedBy | null>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // A navigation closes the menu and its submenus.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setMenuOpen(false);
    setOpenSubmenu(null);
  }

  // Escape closes the open submenu (else the small-screen menu) and puts the focus back on its button;
  // a click or tap outside the header closes everything.
  useEffect(() => {
    if (!menuOpen && openSubmenu === null) return;
    const focusInHeader = () => headerRef.current?.contains(document.activeElement) ?? false;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (openSubmenu !== null) {
        const button = document.querySelector<HTMLButtonElement>(`[aria-controls="submenu-${openSubmenu}"]`);
        if (focusInHeader()) button?.focus();
        setOpenSubmenu(null);
      } else {
        if (focusInHeader()) toggleRef.current?.focus();
        setMenuOpen(false);
      }
    };
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (headerRef.current?.contains(event.target as Node)) return;
      setOpenSubmenu(null);
      setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen, openSubmenu]);

  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const openSub = (id: string, by: OpenedBy) => {
    clearTimeout(hoverTimer.current);
    openedBy.current = by;
    setOpenSubmenu(id);
  };

  const closeSub = (id: string) => {
    clearTimeout(hoverTimer.current);
    setOpenSubmenu((current) => (current === id ? null : current));
  };

  const onSubmenuButtonClick = (id: string) => {
    if (openSubmenu === id && openedBy.current === 'hover') {
      // Opened by the pointer resting on it: the click keeps it open until a click elsewhere or Escape.
      openedBy.current = 'click';
      return;
    }
    if (openSubmenu === id) closeSub(id);
    else openSub(id, 'click');
  };

  const onPointerEnter = (id: string, event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || !window.matchMedia(DESKTOP_QUERY).matches) return;
    if (openSubmenu === id) {
      clearTimeout(hoverTimer.current);
      return;
    }
    openSub(id, 'hover');
  };

  const onPointerLeave = (id: string, event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || openedBy.current !== 'hover') return;
    clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(() => closeSub(id), HOVER_CLOSE_DELAY_MS);
  };

  return (
    <header className="site-header" ref={headerRef}>
      <div className="site-header__bar container">
        <Link to="/" className="site-logo">
          <LogoMark />
          <span className="site-logo__name">{clinic.name}</span>
          <span className="visually-hidden">, home page</span>
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="site-header__toggle"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <MenuIcon open={menuOpen} />
          <span>Menu</span>
        </button>
        <nav id="site-menu" className="site-nav" aria-label="Main" data-open={menuOpen}>
          <ul className="site-nav__list">
            {siteMenu.map((entry) =>
              entry.kind === 'link' ? (
                <li key={entry.to} className="site-nav__item">
                  <MenuNavLink link={entry} end={entry.end} pathname={pathname} />
                </li>
              ) : (
                <li
                  key={entry.id}
                  className="site-nav__item site-nav__item--submenu"
                  data-open={openSubmenu === entry.id}
                  onPointerEnter={(event) => onPointerEnter(entry.id, event)}
                  onPointerLeave={(event) => onPointerLeave(entry.id, event)}
                  onBlur={(event) => {
                    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) closeSub(entry.id);
                  }}
                >
                  <SubmenuButton
                    submenu={entry}
                    open={openSubmenu === entry.id}
                    active={entry.items.some((item) => isLinkActive(item, pathname))}
                    onClick={() => onSubmenuButtonClick(entry.id)}
                  />
                  <ul id={`submenu-${entry.id}`} className="site-nav__submenu">
                    {entry.items.map((item) => (
                      <li key={item.to}>
                        <MenuNavLink link={item} pathname={pathname} sub />
                      </li>
                    ))}
                  </ul>
                </li>
              ),
            )}
          </ul>
          <Link to={BOOKING_PATH} className="button button--primary site-nav__book">
            Book An Appointment
          </Link>
        </nav>
      </div>
    </header>
  );
}

function MenuNavLink({
  link,
  pathname,
  end,
  sub,
}: {
  link: MenuLink;
  pathname: string;
  end?: boolean;
  sub?: boolean;
}) {
  return (
    <NavLink
      to={link.to}
      end={end}
      className={({ isActive }) =>
        cx(
          sub ? 'site-nav__sublink' : 'site-nav__link',
          (isActive || (!end && isLinkActive(link, pathname))) && 'is-active',
        )
      }
    >
      {link.label}
    </NavLink>
  );
}

function SubmenuButton({
  submenu,
  open,
  active,
  onClick,
}: {
  submenu: SubMenu;
  open: boolean;
  active: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={cx('site-nav__link', 'site-nav__button', active && 'is-active')}
      aria-expanded={open}
      aria-controls={`submenu-${submenu.id}`}
      onClick={onClick}
    >
      {submenu.label}
      <svg
        className="site-nav__chevron"
        viewBox="0 0 16 16"
        width="14"
        height="14"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d="m3.5 6 4.5 4.5L12.5 6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
    </button>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      {open ? (
        <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      ) : (
        <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      )}
    </svg>
  );
}
