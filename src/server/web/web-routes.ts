import { join } from 'node:path';
import fastifyVite from '@fastify/vite';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RenderedPage, SsrModule } from '../../shared/ssr-contract';
import { errorBody } from '../http/http-errors';
import { PAGE_DATA_HEADER, pageDataToken } from '../http/logging';
import { projectRoot } from '../project-root';
import {
  allowSources,
  criticalCss,
  type FirstPaintHtml,
  prepareFirstPaint,
  styleElement,
} from './first-paint';
import { answerPage } from './page-cache';

/** Hashed build assets never change; everything else in the client folder may. */
function setStaticCacheHeaders(reply: FastifyReply, path: string) {
  reply.header(
    'cache-control',
    path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
  );
}

/**
 * Serves the React app through @fastify/vite: public pages are rendered on the server with their data
 * (prefetched through this app's own API in-process) and hydrate in the browser; `/login` and
 * `/admin/*` get the client-only shell. In development Vite runs as middleware with hot reload.
 */
export async function registerWeb(app: FastifyInstance): Promise<void> {
  const dev = app.config.env === 'development';
  const clientDir = join(projectRoot, 'dist', 'client');
  let firstPaint: FirstPaintHtml | undefined;
  /** The back office's shell paints nothing server-side: it gets the whole public stylesheet. */
  let shellStyle: { html: string; source: string } | undefined;
  const fetchJson = async (url: string) => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json', [PAGE_DATA_HEADER]: pageDataToken },
    });
    if (response.statusCode >= 400) {
      // Shaped like the browser's ApiError: a page that shows the error shows the API's own text.
      const body = response.json() as { error_messages?: string };
      throw Object.assign(new Error(body.error_messages ?? `GET ${url} answered ${response.statusCode}`), {
        status: response.statusCode,
        body,
      });
    }
    return response.json();
  };

  await app.register(async (web) => {
    await web.register(fastifyVite, {
      root: projectRoot,
      dev,
      fastifyStaticOptions: {
        preCompressed: true,
        cacheControl: false,
        setHeaders: setStaticCacheHeaders,
      },
      // `reply.html(page)` answers the page's HTML without sending it: the route sends it, and may keep it.
      createHtmlFunction: async (source, _scope, config) => {
        // In production the page paints before it loads its scripts (first-paint.ts); not with Vite's dev server.
        firstPaint = dev ? undefined : prepareFirstPaint(source, clientDir);
        shellStyle = firstPaint?.stylesheet ? styleElement(firstPaint.stylesheet.css) : undefined;
        const template = await config.createHtmlTemplateFunction(firstPaint?.template ?? source);
        return (page) => template(page ?? {});
      },
      createRenderFunction: async (client) => {
        const ssr = client as unknown as SsrModule;
        return async function render(this: FastifyReply, context) {
          const url = context?.req?.url ?? '/';
          return (await ssr.render({ url, origin: app.config.publicUrl, fetchJson })) as unknown as Record<
            string,
            unknown
          >;
        };
      },
    });
    await web.vite.ready();

    web.get('/*', async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname === '/api' || pathname.startsWith('/uploads/')) {
        return reply.code(404).send(errorBody('not_found', 'Not found'));
      }
      // `//blog` is no page (the page renderer would read `blog` as a host): an unknown path, sent to / as
      // the spec says, and never to the rest of the address, which a browser would take for another site.
      if (pathname.startsWith('//')) return reply.redirect('/', 302);
      return answerPage(app, request, reply, async () => {
        const page = (await reply.render({ req: request, reply })) as unknown as RenderedPage;
        if (page.redirect) {
          reply.redirect(page.redirect, 302);
          return undefined;
        }
        reply.code(page.status);
        reply.header('cache-control', page.clientOnly ? 'no-store' : 'no-cache');
        // The page's own styles and the starting script are inline: their hashes join the policy (no nonce,
        // so a kept page and its header stay valid together).
        const css = firstPaint?.stylesheet?.css;
        const style = css && !page.clientOnly ? styleElement(criticalCss(css, page.element)) : shellStyle;
        const data = { ...page, style: style?.html ?? '' } as unknown as Record<string, unknown>;
        const html = (await reply.html(data)) as unknown as string;
        const headers: Record<string, string> = {};
        const policy = reply.getHeader('content-security-policy');
        if (typeof policy === 'string') {
          headers['content-security-policy'] = allowSources(
            allowSources(policy, 'style-src', style ? [style.source] : []),
            'script-src',
            firstPaint?.scriptSources ?? [],
          );
        }
        return { status: page.status, html, cacheable: !page.clientOnly, headers };
      });
    });
  });
}
