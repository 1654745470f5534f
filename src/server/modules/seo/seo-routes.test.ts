import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogArticles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(blogArticles).values([
    {
      title: 'Published',
      slug: 'published-article',
      content: '<p>x</p>',
      publishedAt: sql`now() - interval '1 day'`,
    },
    {
      title: 'Future',
      slug: 'future-article',
      content: '<p>x</p>',
      publishedAt: sql`now() + interval '1 day'`,
    },
  ]);
});
afterAll(() => t.close());

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt keeps crawlers out of the back office and names the sitemap', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('Disallow: /admin');
    expect(response.body).toContain('Sitemap: http://clinic.test/sitemap.xml');
  });

  it('sitemap.xml lists every public page and only published articles', async () => {
    const response = await t.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    for (const path of ['/', '/faq', '/blog', '/privacy_policy', '/terms_and_conditions']) {
      expect(response.body).toContain(`<loc>http://clinic.test${path}</loc>`);
    }
    expect(response.body).toContain('/article/published-article');
    expect(response.body).not.toContain('future-article');
  });
});
