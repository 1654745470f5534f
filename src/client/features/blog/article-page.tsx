import type { QueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { Link, useParams } from 'react-router';
import type { Blog, BlogResponse } from '../../../shared/blog';
import { plainTextExcerpt } from '../../../shared/excerpt';
import { imageSrcSet } from '../../../shared/uploads';
import { ClickToPlayVideo } from '../../components/click-to-play-video/click-to-play-video';
import { isNotFoundError } from '../../lib/api-client';
import type { RouteHandle } from '../../lib/route-handle';
import { blogQueryKey, blogsQueryKey, useBlog, useBlogs } from './blog-api';
import { formatArticleDate, shortFileName, youtubeEmbedUrl } from './blog-format';
import { BlogCard } from './blog-page';

const DESCRIPTION_LENGTH = 155;
const MORE_FROM_COUNT = 3;
/** The article column is at most 48rem wide; on phones the page's width less its padding. */
const ARTICLE_IMAGE_SIZES = '(min-width: 51rem) 48rem, calc(100vw - 2rem)';

function cachedBlog(queryClient: QueryClient, slug: string) {
  return queryClient.getQueryData<BlogResponse>(blogQueryKey(slug))?.blog;
}

export const handle: RouteHandle = {
  queries: ({ params }) => [blogQueryKey(params.slug ?? ''), blogsQueryKey(1)],
  head: ({ params, queryClient }) => {
    const blog = cachedBlog(queryClient, params.slug ?? '');
    if (!blog)
      return { title: 'Article not found', description: 'This article does not exist.', noindex: true };
    return {
      title: blog.title,
      description: plainTextExcerpt(blog.content, DESCRIPTION_LENGTH),
      image: blog.icon?.url,
      type: 'article',
    };
  },
};

const subscribeNever = () => () => {};

/** The page's absolute address: empty while rendering on the server and hydrating, then the browser's. */
function usePageUrl(): string {
  return useSyncExternalStore(
    subscribeNever,
    () => window.location.origin + window.location.pathname,
    () => '',
  );
}

function ShareLinks({ blog }: { blog: Blog }) {
  const pageUrl = usePageUrl();
  const url = pageUrl || `/article/${encodeURIComponent(blog.slug)}`;
  const encodedUrl = encodeURIComponent(url);
  const links = [
    {
      key: 'facebook',
      text: 'Facebook',
      label: 'Share on Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`,
    },
    {
      key: 'x',
      text: 'X',
      label: 'Share on X',
      href: `https://twitter.com/intent/tweet?url=${encodedUrl}&text=${encodeURIComponent(blog.title)}`,
    },
    {
      key: 'email',
      text: 'E-mail',
      label: 'Share by e-mail',
      href: `mailto:?subject=${encodeURIComponent(blog.title)}&body=${encodeURIComponent(`${blog.title}\n\n${url}`)}`,
    },
  ];
  return (
    <section className="article-share" aria-labelledby="article-share-heading">
      <h2 id="article-share-heading" className="article-share__heading">
        Share this article
      </h2>
      <ul className="article-share__list">
        {links.map((link) => (
          <li key={link.key}>
            <a
              className={`article-share__link article-share__link--${link.key}`}
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${link.label} (opens in a new tab)`}
            >
              {link.text}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ArticleVideo({ blog }: { blog: Blog }) {
  if (!blog.video_url) return null;
  const embedUrl = youtubeEmbedUrl(blog.video_url);
  if (embedUrl) return <ClickToPlayVideo title={blog.title} embedUrl={embedUrl} />;
  return (
    <p className="article__video-link">
      <a href={blog.video_url} target="_blank" rel="noopener noreferrer">
        Watch the video (opens in a new tab)
      </a>
    </p>
  );
}

function ArticleAttachment({ blog }: { blog: Blog }) {
  const [shown, setShown] = useState(false);
  const attachment = blog.attachment;
  if (!attachment) return null;
  return (
    <section className="article-attachment" aria-labelledby="article-attachment-heading">
      <h2 id="article-attachment-heading" className="article-attachment__heading">
        Attached document
      </h2>
      <p className="article-attachment__name" title={attachment.name}>
        {shortFileName(attachment.name)}
      </p>
      <p className="article-attachment__actions">
        <a className="button button--secondary" href={attachment.url} target="_blank" rel="noopener">
          Open the PDF<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        {!shown && (
          <button type="button" className="button button--primary" onClick={() => setShown(true)}>
            Show the PDF
          </button>
        )}
      </p>
      {shown && (
        <iframe
          className="article-attachment__viewer"
          src={attachment.url}
          title={`PDF: ${attachment.name}`}
        />
      )}
    </section>
  );
}

function MoreFrom({ current }: { current: Blog }) {
  const { data } = useBlogs(1);
  const others = (data?.blogs ?? []).filter((blog) => blog.id !== current.id).slice(0, MORE_FROM_COUNT);
  if (others.length === 0) return null;
  return (
    <section className="article-more" aria-labelledby="article-more-heading">
      <h2 id="article-more-heading">More From the Blog</h2>
      <ul className="blog-list blog-list--compact">
        {others.map((blog) => (
          <li key={blog.id}>
            <BlogCard blog={blog} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Component() {
  const slug = useParams().slug ?? '';
  const { data, isPending, isError, error } = useBlog(slug);
  const blog = data?.blog;
  return (
    <div className="page container">
      <p>
        <Link to="/blog">← Back to the blog</Link>
      </p>
      {isPending && <p role="status">Loading the article…</p>}
      {isError && (
        <>
          <h1 className="page__title">Article not found</h1>
          <p role="alert">
            {isNotFoundError(error)
              ? 'This article does not exist or is no longer published. The blog has the latest ones.'
              : error.message}
          </p>
        </>
      )}
      {blog && (
        <>
          <article className="article">
            <header className="article__header">
              <h1 className="page__title">{blog.title}</h1>
              <time className="article__date" dateTime={blog.published_at}>
                {formatArticleDate(blog.published_at)}
              </time>
            </header>
            {blog.icon && (
              <img
                className="article__image"
                src={blog.icon.url}
                srcSet={imageSrcSet(blog.icon.url)}
                sizes={ARTICLE_IMAGE_SIZES}
                alt={blog.icon.alt}
                width={960}
                height={540}
                fetchPriority="high"
              />
            )}
            {/* The server sanitises article HTML when it is saved and again when it is answered. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (sanitize-html allow-list) */}
            <div className="article__content" dangerouslySetInnerHTML={{ __html: blog.content }} />
            <ArticleVideo blog={blog} />
            <ArticleAttachment blog={blog} />
            <ShareLinks blog={blog} />
          </article>
          <MoreFrom current={blog} />
        </>
      )}
    </div>
  );
}
