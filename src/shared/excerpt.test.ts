import { describe, expect, it } from 'vitest';
import { plainText, plainTextExcerpt } from './excerpt';

describe('plainText', () => {
  it('strips tags, keeps words apart across blocks and decodes entities', () => {
    expect(
      plainText('<h2>Pollen</h2><p>Grass &amp; trees&nbsp;&lt;3 &#8217;s &#x2019; &quot;x&quot;</p>'),
    ).toBe('Pollen Grass & trees <3 ’s ’ "x"');
    expect(plainText('<p>a<br>b</p><ul><li>c</li><li>d</li></ul>')).toBe('a b c d');
  });

  it('drops controls, direction overrides and lone surrogates, raw or as entities, and keeps line breaks as spaces', () => {
    expect(plainText('<p>&#x202E;RTL&#x202C; &#x1b;[31m &#1;a&#x7f;b\u202e!\u2066x\u2069 \ud800y</p>')).toBe(
      'RTL [31m ab!x y',
    );
    expect(plainText('<p>one\ntwo\tthree\r\nfour</p>')).toBe('one two three four');
    expect(plainText('<p>&#xD800;z &#x1F600;</p>')).toBe('z 😀');
    expect(plainText('<p>file&#x61C;name&#x200B;&#xFEFF; 123</p>')).toBe('filename 123');
    expect(plainText('<p>نیک‌نام 👩‍⚕️ ❤️</p>')).toBe('نیک‌نام 👩‍⚕️ ❤️');
  });

  it('drops script and style contents and comments', () => {
    expect(plainText('<p>x</p><script>alert(1)</script><style>p{}</style><!-- hidden -->y')).toBe('x y');
  });

  it('leaves unknown entities as they are', () => {
    expect(plainText('a &bogus; b &#0; c')).toBe('a &bogus; b &#0; c');
  });
});

describe('plainTextExcerpt', () => {
  it('answers short text whole, without an ellipsis', () => {
    expect(plainTextExcerpt('<p>Short text.</p>', 200)).toBe('Short text.');
  });

  it('cuts on a word boundary and adds an ellipsis', () => {
    const html = `<p>${'word '.repeat(100)}</p>`;
    const excerpt = plainTextExcerpt(html, 200);
    expect(excerpt.endsWith('word…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(201);
    expect(excerpt.length).toBeGreaterThan(190);
  });

  it('does not end on punctuation before the ellipsis', () => {
    expect(plainTextExcerpt('<p>One two, three four five six</p>', 10)).toBe('One two…');
  });

  it('cuts a very long word hard', () => {
    expect(plainTextExcerpt('x'.repeat(50), 10)).toBe(`${'x'.repeat(10)}…`);
  });

  it('never cuts an emoji in half, nor a flag or a family', () => {
    const excerpt = plainTextExcerpt(`<p>a${'😀'.repeat(300)}</p>`, 200);
    expect(excerpt).toBe(`a${'😀'.repeat(99)}…`);
    expect(excerpt).not.toMatch(/\p{Cs}/u);
    expect(plainTextExcerpt(`x${'🇮🇪'.repeat(60)}`, 200)).toBe(`x${'🇮🇪'.repeat(49)}…`);
    const family = '👨‍👩‍👧';
    expect(plainTextExcerpt(`xx${family.repeat(30)}`, 200)).toBe(`xx${family.repeat(24)}…`);
  });

  it('never cuts inside an entity or a tag', () => {
    const excerpt = plainTextExcerpt('<p>Fish &amp; <strong>chips</strong> and more words here</p>', 14);
    expect(excerpt).toBe('Fish & chips…');
  });
});
