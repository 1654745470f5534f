// The bench's yardstick (bench/api-ratio.ts): a bare node:http server answering GET /api/blogs and
// GET /api/team_members with the same SQL the app runs (its prepared page and count queries), through the
// same driver (pg's pool of 10 with named statements, or PGlite on the same data folder and settings),
// shaped into the same JSON with the app's own helpers. No framework, no ORM, no hooks: what is left
// of the app's cost per request beyond this is the framework's and ours.
//   DATABASE_URL=postgres://… or DATA_DIR=…, PORT=… node --import tsx bench/bare-server.ts
import { createServer } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { PGLITE_EXTRA_START_PARAMS } from '../src/server/db/database';
import { articleExcerpt } from '../src/server/modules/blog/blog-repository';
import { pageCount } from '../src/shared/pagination';

type Row = Record<string, unknown>;
type Query = (name: string, text: string, values: unknown[]) => Promise<Row[]>;

async function openDriver(): Promise<{ query: Query; close(): Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return {
      query: async (name, text, values) => (await pool.query({ name, text, values })).rows,
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create(process.env.DATA_DIR, {
    extensions: { btree_gist, pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_EXTRA_START_PARAMS],
  });
  return {
    query: async (_name, text, values) => (await client.query<Row>(text, values)).rows,
    close: () => client.close(),
  };
}

const SQL = {
  blogsPage: `select "id", "title", "slug", "published_at", "icon_file_id", "icon_alt", case when "excerpt_source_md5" = "content_md5" then "excerpt" end as "excerpt" from "blog_articles" where "blog_articles"."published_at" <= now() order by "blog_articles"."published_at" desc, "blog_articles"."id" desc limit $1 offset $2`,
  blogsCount: `select count(*) from "blog_articles" where "blog_articles"."published_at" <= now()`,
  blogsWhole: `select "id", "content" from "blog_articles" where "id" = any($1::int[])`,
  teamPage: `select "id", "full_name", "user_type", "order", "logo_file_id" from "team_members" order by "team_members"."order" asc, "team_members"."id" asc limit $1 offset $2`,
  teamCount: `select count(*) from "team_members"`,
};

function pageRequest(url: URL): { page: number; perPage: number } | undefined {
  const page = Number(url.searchParams.get('page') ?? 1);
  const perPage = Number(url.searchParams.get('per_page') ?? 10);
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage) || perPage < 1 || perPage > 100)
    return;
  return { page, perPage };
}

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

async function blogs(query: Query, page: number, perPage: number) {
  const [rows, [total]] = await Promise.all([
    query('bare_blogs_page', SQL.blogsPage, [perPage, (page - 1) * perPage]),
    query('bare_blogs_count', SQL.blogsCount, []),
  ]);
  const excerpts = new Map(rows.map((row) => [row.id, row.excerpt]));
  const missing = rows.filter((row) => row.excerpt === null).map((row) => row.id);
  if (missing.length > 0) {
    for (const row of await query('bare_blogs_whole', SQL.blogsWhole, [missing]))
      excerpts.set(row.id, articleExcerpt(String(row.content)).excerpt);
  }
  const count = Number(total?.count ?? 0);
  return {
    blogs: rows.map((row) => ({
      id: row.id,
      title: row.title,
      slug: row.slug,
      excerpt: excerpts.get(row.id) ?? '',
      published_at: iso(row.published_at),
      icon: row.icon_file_id ? { url: `/uploads/${row.icon_file_id}`, alt: row.icon_alt } : null,
    })),
    pages: pageCount(count, perPage),
    count,
  };
}

async function team(query: Query, page: number, perPage: number) {
  const [rows, [total]] = await Promise.all([
    query('bare_team_page', SQL.teamPage, [perPage, (page - 1) * perPage]),
    query('bare_team_count', SQL.teamCount, []),
  ]);
  const count = Number(total?.count ?? 0);
  return {
    team_members: rows.map((row) => ({
      id: row.id,
      full_name: row.full_name,
      user_type: row.user_type,
      order: row.order,
      logo_url: row.logo_file_id ? `/uploads/${row.logo_file_id}` : null,
    })),
    pages: pageCount(count, perPage),
    count,
  };
}

const driver = await openDriver();
const server = createServer(async (request, response) => {
  try {
    const url = new URL(request.url ?? '/', 'http://bare');
    const paging = pageRequest(url);
    let body: unknown;
    if (url.pathname === '/api/health') body = { status: 'ok' };
    else if (paging && url.pathname === '/api/blogs')
      body = await blogs(driver.query, paging.page, paging.perPage);
    else if (paging && url.pathname === '/api/team_members')
      body = await team(driver.query, paging.page, paging.perPage);
    if (body === undefined) {
      response.writeHead(404).end();
      return;
    }
    const json = JSON.stringify(body);
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(json);
  } catch (error) {
    console.error(error);
    response.writeHead(500).end();
  }
});
server.keepAliveTimeout = 5_000;
server.listen(Number(process.env.PORT ?? 3999), '127.0.0.1');
const stop = () => server.close(() => void driver.close().then(() => process.exit(0)));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
