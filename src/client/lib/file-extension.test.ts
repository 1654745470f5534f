import { describe, expect, it } from 'vitest';
import { fileExtension, fileTypeMessage, hasAllowedExtension } from './file-extension';

describe('fileExtension', () => {
  it('answers the last extension in lower case, or nothing', () => {
    expect(fileExtension('Photo.JPG')).toBe('jpg');
    expect(fileExtension('archive.tar.gz')).toBe('gz');
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('.bashrc')).toBe('');
    expect(fileExtension('name.')).toBe('');
  });
});

describe('hasAllowedExtension', () => {
  const images = ['jpg', 'jpeg', 'png'];

  it('accepts the allowed extensions in any case', () => {
    expect(hasAllowedExtension('cover.png', images)).toBe(true);
    expect(hasAllowedExtension('COVER.JPEG', images)).toBe(true);
    expect(hasAllowedExtension('a.pdf', ['.PDF'])).toBe(true);
  });

  it('refuses other extensions and names without one', () => {
    expect(hasAllowedExtension('cover.gif', images)).toBe(false);
    expect(hasAllowedExtension('cover.png.exe', images)).toBe(false);
    expect(hasAllowedExtension('png', images)).toBe(false);
  });
});

describe('fileTypeMessage', () => {
  it('lists the extensions', () => {
    expect(fileTypeMessage(['jpg', 'jpeg', 'png'])).toBe('Choose a .jpg, .jpeg or .png file.');
    expect(fileTypeMessage(['doc', 'docx'])).toBe('Choose a .doc or .docx file.');
    expect(fileTypeMessage(['pdf'])).toBe('Choose a .pdf file.');
    expect(fileTypeMessage([])).toBe('Choose a file.');
  });
});
