import { Link, useSearchParams } from 'react-router';
import type { BlogSummary } from '../../../shared/blog';
import { imageSrcSet } from '../../../shared/uploads';
import type { RouteHandle } from '../../lib/route-handle';
import { blogsQueryKey, useBlogs } from './blog-api';
import { blogPageFromSearch, formatArticleDate } from './blog-format';
import { BlogPagination } from './blog-pagination';

/** One card a row on phones, two or three on tablets, four (about 17rem each) in the 72rem container. */
const CARD_IMAGE_SIZES = '(min-width: 72rem) 17rem, (min-width: 36rem) 50vw, 100vw';

export const handle: RouteHandle = {
  queries: ({ searchParams }) => [blogsQueryKey(blogPageFromSearch(searchParams))],
  head: ({ searchParams }) => {
    const page = blogPageFromSearch(searchParams);
    return {
      title: page > 1 ? `Blog – page ${page}` : 'Blog',
      description:
        'News and advice about allergies from the clinic: hay fever, food allergy, eczema, asthma and allergy testing.',
    };
  },
};

export function BlogCard({ blog, headingLevel = 2 }: { blog: BlogSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const url = `/article/${encodeURIComponent(blog.slug)}`;
  return (
    <article className="blog-card">
      {blog.icon ? (
        <img
          className="blog-card__image"
          src={blog.icon.url}
          srcSet={imageSrcSet(blog.icon.url)}
          sizes={CARD_IMAGE_SIZES}
          alt={blog.icon.alt}
          width={400}
          height={225}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="blog-card__image blog-card__image--placeholder" aria-hidden="true" />
      )}
      <div className="blog-card__body">
        <time className="blog-card__date" dateTime={blog.published_at}>
          {formatArticleDate(blog.published_at)}
        </time>
        <Heading className="blog-card__title">
          <Link to={url}>{blog.title}</Link>
        </Heading>
        <p className="blog-card__excerpt">{blog.excerpt}</p>
      </div>
    </article>
  );
}

export function Component() {
  const [searchParams] = useSearchParams();
  const page = blogPageFromSearch(searchParams);
  const { data, isPending, isError, error } = useBlogs(page);
  return (
    <div className="page container">
      <h1 className="page__title">Blog</h1>
      <p className="page__lead">News and advice about allergies from the clinic team.</p>
      {isPending && <p role="status">Loading the articles…</p>}
      {isError && <p role="alert">{error.message}</p>}
      {data && data.blogs.length === 0 && (
        <p>
          There are no articles on this page. <Link to="/blog">Go to the latest articles</Link>.
        </p>
      )}
      {data && data.blogs.length > 0 && (
        <ul className="blog-list">
          {data.blogs.map((blog) => (
            <li key={blog.id}>
              <BlogCard blog={blog} />
            </li>
          ))}
        </ul>
      )}
      {data && <BlogPagination current={page} total={data.pages} />}
    </div>
  );
}
