import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('escapes & < > " and \'', () => {
    expect(escapeHtml(`<a href="x" title='y'>Fish & chips</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Fish &amp; chips&lt;/a&gt;',
    );
  });

  it('escapes an ampersand once, even before an entity', () => {
    expect(escapeHtml('&amp; &lt;')).toBe('&amp;amp; &amp;lt;');
  });

  it('leaves other text as it is', () => {
    expect(escapeHtml('')).toBe('');
    expect(escapeHtml('Allergy clinic, Dublin 2 — €180\nnext line')).toBe(
      'Allergy clinic, Dublin 2 — €180\nnext line',
    );
  });
});
