import { describe, expect, it } from 'vitest';
import { appendFileField } from './form-data';

describe('appendFileField', () => {
  it('appends a newly chosen file under its name', () => {
    const body = new FormData();
    const file = new File(['x'], 'cover.png', { type: 'image/png' });
    appendFileField(body, 'logo', { kind: 'new', file }, 'remove_logo');
    const sent = body.get('logo');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('cover.png');
    expect(body.has('remove_logo')).toBe(false);
  });

  it("asks to remove the stored file when the value is 'none'", () => {
    const body = new FormData();
    appendFileField(body, 'logo', { kind: 'none' }, 'remove_logo');
    expect(body.get('remove_logo')).toBe('true');
    expect(body.has('logo')).toBe(false);
  });

  it('sends nothing for a stored file, so the server keeps it', () => {
    const body = new FormData();
    appendFileField(body, 'logo', { kind: 'stored', name: 'a.png', url: '/uploads/a.png' }, 'remove_logo');
    expect([...body.keys()]).toEqual([]);
  });
});
