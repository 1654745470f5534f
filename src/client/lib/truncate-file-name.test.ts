import { describe, expect, it } from 'vitest';
import { truncateFileName } from './truncate-file-name';

describe('truncateFileName', () => {
  it('keeps names of up to max characters unchanged', () => {
    expect(truncateFileName('photo.jpg', 27)).toBe('photo.jpg');
    expect(truncateFileName('', 27)).toBe('');
    const exactly27 = 'abcdefghijklmnopqrstuvw.jpg';
    expect(exactly27).toHaveLength(27);
    expect(truncateFileName(exactly27, 27)).toBe(exactly27);
  });

  it('cuts longer names to their first max characters and adds an ellipsis', () => {
    const name = 'abcdefghijklmnopqrstuvwx.jpeg';
    expect(truncateFileName(name, 27)).toBe('abcdefghijklmnopqrstuvwx.jp…');
    const attachment = `${'a'.repeat(40)}.pdf`;
    expect(truncateFileName(attachment, 33)).toBe(`${'a'.repeat(33)}…`);
  });

  it('counts an emoji as one character', () => {
    expect(truncateFileName('😀😀😀.png', 7)).toBe('😀😀😀.png');
    expect(truncateFileName('😀😀😀😀.png', 3)).toBe('😀😀😀…');
  });
});
