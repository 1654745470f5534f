import { describe, expect, it } from 'vitest';
import { routePath } from './route-path';

/** The rule spelled out the long way: a URL resolves dot segments, then decoded, folded and trimmed. */
function byUrl(pathname: string): string {
  let path = new URL(`http://path.invalid/${pathname.replace(/^\/+/, '')}`).pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // compared as sent
  }
  path = path.toLowerCase().replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

describe('routePath', () => {
  it('reads a plain path as the URL rule does, without parsing one', () => {
    for (const path of [
      '',
      '/',
      '//',
      '/confirm',
      'confirm',
      '/confirm/',
      '//confirm//',
      '/a//b',
      '/allergy-test_2',
      '/admin/',
    ]) {
      expect(routePath(path), path).toBe(byUrl(path));
    }
  });

  it('resolves, decodes and folds every other path', () => {
    expect(routePath('/Confirm/')).toBe('/confirm');
    expect(routePath('/%63onfirm')).toBe('/confirm');
    expect(routePath('/./confirm')).toBe('/confirm');
    expect(routePath('/x/../confirm')).toBe('/confirm');
    expect(routePath('/%zz')).toBe('/%zz');
    for (const path of ['/Confirm/', '/%63onfirm', '/./confirm', '/x/../Login/', '/%E2%82%AC', '/a b'])
      expect(routePath(path), path).toBe(byUrl(path));
  });
});
