import type { FastifyInstance } from 'fastify';
import { PUBLIC_PAGE_PATHS } from '../../../shared/public-pages';
import { listPublishedArticleSlugs, listTeamMemberIds } from './seo-repository';

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function urlEntry(location: string, lastModified?: Date): string {
  const lastmod = lastModified ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : '';
  return `  <url><loc>${escapeXml(location)}</loc>${lastmod}</url>`;
}

/** `robots.txt` and `sitemap.xml`, with the site's public origin. */
export async function seoRoutes(app: FastifyInstance): Promise<void> {
  const origin = app.config.publicUrl;

  app.get('/robots.txt', async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return [
      'User-agent: *',
      'Disallow: /admin',
      'Disallow: /login',
      'Disallow: /api/',
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n');
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const [articles, team] = await Promise.all([
      listPublishedArticleSlugs(app.db),
      listTeamMemberIds(app.db),
    ]);
    const entries = [
      ...PUBLIC_PAGE_PATHS.map((path) => urlEntry(`${origin}${path}`)),
      ...team.map((member) => urlEntry(`${origin}/employee/${member.id}`, member.updatedAt)),
      ...articles.map((article) =>
        urlEntry(`${origin}/article/${encodeURIComponent(article.slug)}`, article.updatedAt),
      ),
    ];
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
  });
}
