import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from './sanitize-html';

const payloads = readFileSync(resolve(process.cwd(), 'testdata/xss-payloads.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '');

describe('sanitizeArticleHtml', () => {
  it('has payloads to test', () => {
    expect(payloads.length).toBeGreaterThan(10);
  });

  it.each(payloads)('neutralises %s', (payload) => {
    const clean = sanitizeArticleHtml(payload);
    expect(clean).not.toMatch(/<script/i);
    expect(clean).not.toMatch(/<[^>]*\son\w+\s*=/i);
    expect(clean).not.toMatch(/javascript:/i);
    expect(clean).not.toMatch(/data:text\/html/i);
    expect(clean).not.toMatch(/<(iframe|object|embed|style|svg|math|form|input|meta|base|link|body)\b/i);
    expect(clean).not.toMatch(/\sstyle\s*=/i);
  });

  it('keeps the allowed article markup', () => {
    const html =
      '<h2>A</h2><h3>B</h3><h4>C</h4><p><strong>s</strong> <em>e</em> <u>u</u> <s>x</s><br></p>' +
      '<blockquote>q</blockquote><ul><li>1</li></ul><ol><li>2</li></ol>' +
      '<figure><img src="/uploads/abc" alt="Pollen" width="640" height="480"><figcaption>c</figcaption></figure>' +
      '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table>' +
      '<pre><code>x</code></pre><hr>';
    const clean = sanitizeArticleHtml(html);
    for (const tag of [
      'h2',
      'h3',
      'h4',
      'strong',
      'em',
      'u',
      's',
      'blockquote',
      'ul',
      'ol',
      'li',
      'figure',
    ]) {
      expect(clean).toContain(`<${tag}>`);
    }
    expect(clean).toContain('<img src="/uploads/abc" alt="Pollen" width="640" height="480" />');
    expect(clean).toContain('<figcaption>c</figcaption>');
    expect(clean).toContain('<td>d</td>');
    expect(clean).toContain('<pre><code>x</code></pre>');
    expect(clean).toContain('<hr />');
    expect(clean).toContain('<br />');
  });

  it('drops other tags but keeps their text', () => {
    expect(sanitizeArticleHtml('<h1>Title</h1><div class="x" id="y">body</div>')).toBe('Titlebody');
  });

  it('opens external links in a new tab without an opener', () => {
    expect(sanitizeArticleHtml('<a href="https://www.hse.ie" onclick="x()">HSE</a>')).toBe(
      '<a href="https://www.hse.ie" target="_blank" rel="noopener noreferrer">HSE</a>',
    );
    expect(sanitizeArticleHtml('<a href="mailto:info@clinic.ie" target="_self">mail</a>')).toBe(
      '<a href="mailto:info@clinic.ie">mail</a>',
    );
  });

  it("keeps links to the site's own pages in the same tab", () => {
    expect(sanitizeArticleHtml('<a href="/fees">fees</a>')).toBe('<a href="/fees">fees</a>');
    expect(sanitizeArticleHtml('<a href="/contact_us#map" target="_blank">map</a>')).toBe(
      '<a href="/contact_us#map">map</a>',
    );
    expect(sanitizeArticleHtml('<a href="/blog?page=2">more</a>')).toBe('<a href="/blog?page=2">more</a>');
    for (const href of ['/\\evil.example', '/\t/evil.example', '/ /evil.example', 'fees']) {
      expect(sanitizeArticleHtml(`<a href="${href}">a</a>`), href).toBe('<a>a</a>');
    }
  });

  it('drops links and images with other schemes', () => {
    expect(sanitizeArticleHtml('<a href="ftp://x.ie/a">a</a>')).toBe('<a>a</a>');
    expect(sanitizeArticleHtml('<a href="//evil.example/a">a</a>')).toBe('<a>a</a>');
    expect(sanitizeArticleHtml('<img src="data:image/png;base64,AAAA" alt="x">')).toBe('');
    expect(sanitizeArticleHtml('<img src="//evil.example/x.png">')).toBe('');
    expect(sanitizeArticleHtml('<img src="https://cdn.example/x.png" width="100%">')).toBe(
      '<img src="https://cdn.example/x.png" />',
    );
  });
});
