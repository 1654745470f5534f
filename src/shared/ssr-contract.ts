/**
 * The contract between the server and the server-rendering bundle (`entry-server.tsx`). The server
 * never imports client code: it loads the bundle through @fastify/vite and calls `render`.
 */
export interface RenderRequest {
  /** Path and query of the page, as the browser asked for it. */
  url: string;
  /** The site's public origin, for canonical and Open Graph URLs. */
  origin: string;
  /** GET through the app's own API in-process; rejects with `{ status }` on an error answer. */
  fetchJson: (url: string) => Promise<unknown>;
}

export interface RenderedPage {
  status: number;
  redirect?: string;
  clientOnly: boolean;
  /** Placeholders of index.html. */
  head: string;
  element: string;
  hydration: string;
}

export interface SsrModule {
  render(request: RenderRequest): Promise<RenderedPage>;
}
