import { describe, expect, it } from 'vitest';
import { answerPreview, htmlToText } from './faq';

describe('htmlToText', () => {
  it('drops tags, scripts and comments and decodes entities', () => {
    expect(
      htmlToText('<p>Fish &amp; chips&nbsp;<strong>now</strong></p><!-- x --><script>alert(1)</script>'),
    ).toBe('Fish & chips now');
    expect(htmlToText('<p>One</p><p>Two &#8364;5 &#x41;</p>')).toBe('One Two €5 A');
    expect(htmlToText('&unknown; &#0;')).toBe('&unknown; &#0;');
    expect(htmlToText('<p><strong>B</strong>old<br>next</p><ul><li>a</li><li>b</li></ul>')).toBe(
      'Bold next a b',
    );
  });
});

describe('answerPreview', () => {
  it('keeps a short answer whole', () => {
    expect(answerPreview({ answer: 'About an hour.', asHtml: false })).toBe('About an hour.');
    expect(answerPreview({ answer: 'x'.repeat(50), asHtml: false })).toBe('x'.repeat(50));
  });

  it('cuts the text to 50 characters plus an ellipsis', () => {
    expect(answerPreview({ answer: 'y'.repeat(51), asHtml: false })).toBe(`${'y'.repeat(50)}…`);
    const html =
      '<p>Skin prick tests are read after <strong>fifteen</strong> minutes, so please arrive early.</p>';
    expect(answerPreview({ answer: html, asHtml: true })).toBe(
      'Skin prick tests are read after fifteen minutes, s…',
    );
  });

  it('shows a plain answer with markup as it is written, on one line', () => {
    expect(answerPreview({ answer: 'Use <b>\n\nthis</b>', asHtml: false })).toBe('Use <b> this</b>');
  });
});
