import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FileField, type FileFieldValue } from './file-field';

function render(
  value: FileFieldValue,
  extra: { error?: string; hint?: string; onDownload?: () => void; downloading?: boolean } = {},
) {
  return renderToString(
    <FileField
      id="icon"
      label="Cover image"
      accept=".jpg,.jpeg,.png"
      allowedExtensions={['jpg', 'jpeg', 'png']}
      maxNameLength={27}
      value={value}
      onChange={() => {}}
      {...extra}
    />,
  );
}

describe('FileField (server render)', () => {
  it('labels the hidden file input and offers Choose file when empty', () => {
    const html = render({ kind: 'none' });
    expect(html).toContain('<label class="field__label" for="icon">Cover image</label>');
    expect(html).toMatch(
      /<input id="icon" class="visually-hidden" type="file" tabindex="-1" accept=".jpg,.jpeg,.png"/,
    );
    expect(html).toContain('No file chosen');
    expect(html).toMatch(/Choose file<span class="visually-hidden"> (<!-- -->)?Cover image<\/span>/);
    expect(html).not.toContain('Remove');
    expect(html).not.toContain('style=');
  });

  it('links a stored file by its cut name, in a new tab, with Replace and Remove', () => {
    const html = render({
      kind: 'stored',
      name: 'a-very-long-stored-file-name-for-the-cover.png',
      url: '/uploads/a.png',
    });
    expect(html).toContain('href="/uploads/a.png" target="_blank" rel="noopener noreferrer"');
    expect(html).toContain('a-very-long-stored-file-nam…');
    expect(html).toMatch(/Replace<span class="visually-hidden"> (<!-- -->)?Cover image<\/span>/);
    expect(html).toMatch(/Remove<span class="visually-hidden"> (<!-- -->)?Cover image<\/span>/);
  });

  it('wires the hint and the error to the input and the button', () => {
    const html = render({ kind: 'none' }, { hint: 'A .jpg or .png picture.', error: 'Required' });
    expect(html).toContain('<p id="icon-hint" class="field__hint">A .jpg or .png picture.</p>');
    expect(html).toContain('aria-invalid="true" aria-describedby="icon-hint icon-error"');
    expect(html).toMatch(/<button[^>]*aria-describedby="icon-hint icon-error"/);
    expect(html).toMatch(/<p id="icon-error" class="field__error">.*Required<\/p>/);
  });

  it('downloads a staff-only stored file through a button instead of a link', () => {
    const stored: FileFieldValue = {
      kind: 'stored',
      name: 'Skin-prick-result-of-Aoife-Byrne.pdf',
      url: '/api/admin/upload_results/0b7c',
    };
    const html = render(stored, { onDownload: () => {} });
    expect(html).not.toContain('href=');
    expect(html).toMatch(
      /<button type="button" class="file-field__download" title="Skin-prick-result-of-Aoife-Byrne.pdf"><span class="visually-hidden">Download <\/span>Skin-prick-result-of-Aoife-…<\/button>/,
    );
    expect(render(stored, { onDownload: () => {}, downloading: true })).toContain('aria-busy="true"');
  });
});
