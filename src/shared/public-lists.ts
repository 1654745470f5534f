/**
 * What the public pages read of each list (spec section 9). Kept apart from the domain modules, which
 * build Zod schemas at load time, so that public pages never download Zod just for these numbers.
 */

/** The public team list: page 1 with 50 per page. */
export const PUBLIC_TEAM_QUERY = { page: 1, per_page: 50 } as const;

/** The public FAQ list: page 1 with 50 per page. */
export const PUBLIC_FAQ_QUERY = { page: 1, per_page: 50 } as const;

/** The public fees list: page 1 with 10 per page. */
export const PUBLIC_FEES_QUERY = { page: 1, per_page: 10 } as const;

/** The last page number any list call accepts (`page`), so no request can skip past millions of rows. */
export const MAX_PAGE = 100_000;

/** The public blog list shows four articles a page. */
export const PUBLIC_BLOG_PER_PAGE = 4;
