import { describe, expect, it } from 'vitest';
import { htmlToPlain, plainToHtml } from './answer-format';

describe('plainToHtml', () => {
  it('makes paragraphs of blank-line separated text and <br> of single line breaks, escaping markup', () => {
    expect(plainToHtml('First line\nsecond line\n\n  Next <b>paragraph</b> & more\r\n\r\n\r\n')).toBe(
      '<p>First line<br>second line</p><p>Next &lt;b&gt;paragraph&lt;/b&gt; &amp; more</p>',
    );
    expect(plainToHtml('   ')).toBe('');
  });
});

describe('htmlToPlain', () => {
  it('keeps paragraphs, line breaks and list items, and drops the markup', () => {
    expect(
      htmlToPlain(
        '<h2>Before the test</h2><p>Stop <strong>antihistamines</strong>&nbsp;5 days<br>before.</p><ul><li><p>Eat</p></li><li>Rest</li></ul><p>Fish &amp; chips</p>',
      ),
    ).toBe('Before the test\n\nStop antihistamines 5 days\nbefore.\n\n- Eat\n\n- Rest\n\nFish & chips');
  });

  it('goes back to the same plain text after a round trip', () => {
    const text = 'One line\nand another\n\nSecond <paragraph> & "more", it\'s said';
    expect(htmlToPlain(plainToHtml(text))).toBe(text);
  });

  it('drops scripts and comments', () => {
    expect(htmlToPlain('<p>a</p><script>alert(1)</script><!-- c -->')).toBe('a');
  });
});
