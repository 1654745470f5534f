import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;
const ENTRY_SCRIPT = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"[^>]*><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*href="(\/assets\/[^"]+\.js)"[^>]*>/g;

export interface FirstPaintHtml {
  /** The page template with the built stylesheets inlined and the scripts started after the first paint. */
  template: string;
  /** `'sha256-…'` sources of the inlined styles, for the pages' Content-Security-Policy. */
  styleSources: string[];
  /** `'sha256-…'` sources of the inline script that starts the app. */
  scriptSources: string[];
}

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The page template made to paint first (stylesheet inlined), then load the app (scripts after the paint). */
export function prepareFirstPaint(source: string, clientDir: string): FirstPaintHtml {
  const styled = inlineStylesheets(source, clientDir);
  const scripted = startScriptsAfterFirstPaint(styled.template);
  return {
    template: scripted.template,
    styleSources: styled.styleSources,
    scriptSources: scripted.scriptSources,
  };
}

/**
 * Replaces the entry's module script and its modulepreload hints with one small inline script that starts
 * them once the document is parsed and has painted. The server-rendered page needs no script to show, and
 * on a slow phone link the app's 120 KB of modules would otherwise be fetched while the page itself still
 * downloads and before it first paints (they would compete with it for the line and the main thread). The
 * preloads are added back at that moment, so the modules still arrive in parallel. A hidden tab, which
 * does not paint, starts them a second after the document is parsed; the back office's empty shell at once.
 */
export function startScriptsAfterFirstPaint(template: string): { template: string; scriptSources: string[] } {
  const entry = ENTRY_SCRIPT.exec(template);
  if (!entry) return { template, scriptSources: [] };
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  const start = [
    '(function(){var d=document,started=0;',
    'function go(){if(started)return;started=1;',
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
 * The built page template, made to paint without waiting for another request: the stylesheet every public
 * page links (all public styles, about 7 KB gzipped) is inlined in `<head>`. On a slow phone link a linked
 * stylesheet costs a round trip and shares the line with the scripts before anything shows. Its hash goes
 * into the pages' `style-src` (the policy stays free of 'unsafe-inline' and of per-request nonces, so a
 * page may be cached whole).
 */
export function inlineStylesheets(
  source: string,
  clientDir: string,
): { template: string; styleSources: string[] } {
  const styleSources: string[] = [];
  const template = source.replace(STYLESHEET_LINK, (link, href: string) => {
    let css: string;
    try {
      css = readFileSync(join(clientDir, href), 'utf8');
    } catch {
      return link;
    }
    if (/<\/style/i.test(css)) return link;
    styleSources.push(sha256Source(css));
    return `<style>${css}</style>`;
  });
  return { template, styleSources };
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
