import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;
const ENTRY_SCRIPT = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"[^>]*><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*href="(\/assets\/[^"]+\.js)"[^>]*>/g;

export interface FirstPaintHtml {
  /** The page template: a `<!-- style -->` placeholder for the page's styles, the scripts started after the first paint. */
  template: string;
  /** The public stylesheet, whose subset each page inlines (none in development). */
  stylesheet?: { href: string; css: string };
  /** `'sha256-…'` sources of the inline script that starts the app. */
  scriptSources: string[];
}

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The page template made to paint first (its styles inlined), then load the app (scripts after the paint). */
export function prepareFirstPaint(source: string, clientDir: string): FirstPaintHtml {
  const styled = inlineStylesheets(source, clientDir);
  const stylesheet = styled.stylesheets[0];
  const scripted = startScriptsAfterFirstPaint(styled.template, stylesheet ? [stylesheet.href] : []);
  return { template: scripted.template, stylesheet, scriptSources: scripted.scriptSources };
}

/**
 * Replaces the entry's module script and its modulepreload hints with one small inline script that starts
 * them once the document is parsed and has painted. The server-rendered page needs no script to show, and
 * on a slow phone link the app's 120 KB of modules would otherwise be fetched while the page itself still
 * downloads and before it first paints (they would compete with it for the line and the main thread). The
 * preloads are added back at that moment, so the modules still arrive in parallel. A hidden tab, which
 * does not paint, starts them a second after the document is parsed; the back office's empty shell at once.
 */
function startScriptsAfterFirstPaint(
  template: string,
  stylesheets: string[] = [],
): { template: string; scriptSources: string[] } {
  const entry = ENTRY_SCRIPT.exec(template);
  if (!entry) return { template, scriptSources: [] };
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  const start = [
    '(function(){var d=document,started=0;',
    'function go(){if(started)return;started=1;',
    `${JSON.stringify(stylesheets)}.forEach(function(h){var l=d.createElement("link");l.rel="stylesheet";l.href=h;d.head.appendChild(l)});`,
    `${JSON.stringify(preloads)}.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;d.head.appendChild(l)});`,
    `import(${JSON.stringify(entry[1])})}`,
    // Once the first contentful paint is reported; where paint timing is missing, a frame later.
    // The back office's shell has nothing to paint: it starts at once.
    'function painted(){var P=window.PerformanceObserver,r=d.getElementById("root");',
    'if(!r||!r.firstElementChild)return go();',
    'if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)',
    'new P(function(l){if(l.getEntriesByName("first-contentful-paint").length)go()}).observe({type:"paint",buffered:true});',
    'else requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)}',
    'if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",painted);else painted()})()',
  ].join('');
  const withoutPreloads = template.replace(MODULE_PRELOAD, '');
  return {
    template: withoutPreloads.replace(ENTRY_SCRIPT, () => `<script>${start}</script>`),
    scriptSources: [sha256Source(start)],
  };
}

/**
 * The built page template, made to paint without waiting for another request: the linked public stylesheet
 * (all public styles, 7 KB gzipped) becomes a `<!-- style -->` placeholder for each page's own subset of it
 * (`criticalCss`), and is linked again after the first paint by the starting script (and in `<noscript>`
 * for browsers without JavaScript). On a slow phone link a linked stylesheet costs a round trip and shares
 * the line with the scripts before anything shows; the whole sheet inlined would push the home page past
 * the first TCP window (14.6 KB).
 */
function inlineStylesheets(
  source: string,
  clientDir: string,
): { template: string; stylesheets: { href: string; css: string }[] } {
  const stylesheets: { href: string; css: string }[] = [];
  const template = source.replace(STYLESHEET_LINK, (link, href: string) => {
    let css: string;
    try {
      css = readFileSync(join(clientDir, href), 'utf8');
    } catch {
      return link;
    }
    if (/<\/style/i.test(css) || stylesheets.length > 0) return link;
    stylesheets.push({ href, css });
    return `<!-- style --><noscript><link rel="stylesheet" href="${href}"></noscript>`;
  });
  return { template, stylesheets };
}

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const CLASS_SELECTOR = /\.(-?[_a-zA-Z][\w-]*)/g;
// Classes inside these need not be on the page for the rule to apply (:not(.x)), or are alternatives.
const OPTIONAL_PARTS = /:(?:not|is|where|has)\([^()]*\)/g;

/** The classes used in a piece of HTML. */
function classesOf(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(CLASS_ATTRIBUTE))
    for (const name of (match[1] ?? '').split(/\s+/)) if (name) classes.add(name);
  return classes;
}

/**
 * The rules of `css` that can apply to the page: a rule is left out only when each of its selectors names a
 * class the page's HTML does not have (`.blog-card` on the home page). Rules without classes, at-rules other
 * than @media/@supports/@layer/@container (kept whole), and classes under :not/:is/:where/:has are kept,
 * so the subset errs on the side of keeping. The whole sheet follows after the first paint, for what
 * scripts show later (menus, notifications, other pages).
 */
export function criticalCss(css: string, html: string): string {
  const classes = classesOf(html);
  const applies = (selector: string) =>
    [...selector.replace(OPTIONAL_PARTS, '').matchAll(CLASS_SELECTOR)].every((match) =>
      classes.has(match[1] ?? ''),
    );
  const filter = (text: string): string => {
    let out = '';
    let index = 0;
    while (index < text.length) {
      const open = text.indexOf('{', index);
      if (open === -1) {
        out += text.slice(index);
        break;
      }
      let depth = 1;
      let end = open + 1;
      while (depth > 0 && end < text.length) {
        const char = text[end];
        if (char === '{') depth += 1;
        else if (char === '}') depth -= 1;
        end += 1;
      }
      const prelude = text.slice(index, open);
      const block = text.slice(open + 1, end - 1);
      const head = prelude.trim();
      if (/^@(media|supports|layer|container)\b/.test(head)) {
        const inner = filter(block);
        if (inner.trim()) out += `${prelude}{${inner}}`;
      } else if (head.startsWith('@') || block.includes('{')) {
        out += `${prelude}{${block}}`;
      } else {
        const selectors = prelude.split(',').filter(applies);
        if (selectors.length > 0) out += `${selectors.join(',')}{${block}}`;
      }
      index = end;
    }
    return out;
  };
  return filter(css);
}

/** A `<style>` element and its `'sha256-…'` source for the policy. */
export function styleElement(css: string): { html: string; source: string } {
  return { html: `<style>${css}</style>`, source: sha256Source(css) };
}

/** The policy with the given sources added to one of its directives (`style-src`, `script-src`). */
export function allowSources(policy: string, directive: string, sources: string[]): string {
  if (sources.length === 0) return policy;
  return policy.replace(
    new RegExp(`(^|;)\\s*${directive} ([^;]*)`),
    (_match, start: string, value: string) => {
      return `${start}${directive} ${value} ${sources.join(' ')}`;
    },
  );
}
