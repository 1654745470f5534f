import { type ComponentType, useEffect, useRef, useState } from 'react';

/** The parts the server renders at once, by name: entry-server.tsx registers them, so the browser's bundle never holds them. */
const serverParts = new Map<string, ComponentType<never>>();

export function registerServerPart<Props extends object>(
  name: string,
  component: ComponentType<Props>,
): void {
  serverParts.set(name, component as ComponentType<never>);
}

/** The parts the browser has loaded, by name: a page shown again (in-app navigation) renders them at once. */
const loadedParts = new Map<string, ComponentType<never>>();

/** How close to the screen a deferred part comes before its code is fetched, so it is live when seen. */
const NEAR_VIEWPORT = '400px';

/** What the visitor did in the server's HTML before the part was live, done again in the live part. */
interface Replay {
  path: number[];
  action: 'click' | 'focus';
}

/** The child indexes from `root` down to `element`. */
function pathTo(root: Element, element: Element): number[] {
  const path: number[] = [];
  for (let node: Element | null = element; node && node !== root; node = node.parentElement) {
    path.unshift(node.parentElement ? [...node.parentElement.children].indexOf(node) : 0);
  }
  return path;
}

function elementAt(root: Element, path: number[]): HTMLElement | null {
  let node: Element | undefined = root;
  for (const index of path) node = node?.children[index];
  return node instanceof HTMLElement ? node : null;
}

/**
 * A part of the page below the fold (the footer) that the server renders in full but the browser brings to life
 * only when it is needed: hydration leaves the server's HTML untouched (an element whose content is
 * `dangerouslySetInnerHTML` is not hydrated), and when the part comes near the screen, or the visitor points at
 * or tabs into it, its module is loaded and rendered in place of that HTML. Its code therefore stays out of the
 * first download and of the start-up work that delays a tap. Meanwhile its links work as plain links, and a
 * button pressed or a control focused is pressed or focused again in the live part. On a page rendered only in
 * the browser, the part is loaded at once.
 */
export function DeferredPart<Props extends object>({
  name,
  load,
  props,
}: {
  name: string;
  load: () => Promise<ComponentType<Props>>;
  props: Props;
}) {
  const [Part, setPart] = useState(() => (loadedParts.get(name) as ComponentType<Props> | undefined) ?? null);
  const serverHtml = useRef<HTMLDivElement>(null);
  const livePart = useRef<HTMLDivElement>(null);
  const replay = useRef<Replay | null>(null);

  useEffect(() => {
    if (loadedParts.has(name)) return;
    let live = true;
    let started = false;
    let observer: IntersectionObserver | undefined;
    const start = () => {
      if (started) return;
      started = true;
      observer?.disconnect();
      load().then(
        (component) => {
          loadedParts.set(name, component as ComponentType<never>);
          if (live) setPart(() => component);
        },
        () => {
          // Offline: the server's HTML stays and its links work; the next page tries again.
        },
      );
    };
    const element = serverHtml.current;
    // The wrapper has no box of its own (display: contents): what is watched is the server's HTML inside it.
    const content = element?.firstElementChild;
    if (!element || !content || typeof IntersectionObserver !== 'function') {
      start();
      return () => {
        live = false;
      };
    }
    observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && start(),
      {
        rootMargin: NEAR_VIEWPORT,
      },
    );
    observer.observe(content);
    const onClick = (event: MouseEvent) => {
      const control = event.target instanceof Element ? event.target.closest('button, summary') : null;
      if (control && element.contains(control))
        replay.current = { path: pathTo(element, control), action: 'click' };
      start();
    };
    const onFocus = (event: FocusEvent) => {
      // The latest focus wins (the visitor may Tab on while the code loads); a press stays the thing to redo.
      if (event.target instanceof Element && replay.current?.action !== 'click')
        replay.current = { path: pathTo(element, event.target), action: 'focus' };
      start();
    };
    element.addEventListener('pointerover', start);
    element.addEventListener('click', onClick);
    element.addEventListener('focusin', onFocus);
    return () => {
      live = false;
      observer?.disconnect();
      element.removeEventListener('pointerover', start);
      element.removeEventListener('click', onClick);
      element.removeEventListener('focusin', onFocus);
    };
  }, [name, load]);

  useEffect(() => {
    const pending = replay.current;
    if (!Part || !pending || !livePart.current) return;
    replay.current = null;
    const target = elementAt(livePart.current, pending.path);
    if (pending.action === 'click') target?.click();
    else if (document.activeElement === document.body) target?.focus();
  }, [Part]);

  if (import.meta.env.SSR) {
    const ServerPart = serverParts.get(name) as ComponentType<Props> | undefined;
    return (
      <div className="deferred-part" data-deferred-pending="">
        {ServerPart ? <ServerPart {...props} /> : null}
      </div>
    );
  }
  // A new key when the part arrives: React replaces the element (with the server's HTML inside) by the live one.
  return Part ? (
    <div key="live" ref={livePart} className="deferred-part">
      <Part {...props} />
    </div>
  ) : (
    <div
      key="server-html"
      ref={serverHtml}
      className="deferred-part"
      // The server wrote this attribute; hydration keeps the element as it is.
      data-deferred-pending=""
      // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty constant, so hydration keeps the server's HTML
      dangerouslySetInnerHTML={{ __html: '' }}
      suppressHydrationWarning
    />
  );
}
