import { describe, expect, it } from 'vitest';
import { readyLine } from './ready-line';

describe('the ready line', () => {
  it('names the address the server listens on, not the public address, when HOST is one address', () => {
    expect(readyLine({ address: '127.0.0.1', port: 3000 }, 'http://localhost:3000', 'pglite')).toBe(
      'site ready at http://127.0.0.1:3000 (public address http://localhost:3000; database: pglite)',
    );
    expect(readyLine({ address: '::1', port: 3001 }, 'http://[::1]:3001', 'postgres')).toBe(
      'site ready at http://[::1]:3001 (database: postgres)',
    );
    expect(
      readyLine({ address: '10.0.0.11', port: 3000 }, 'https://dublinallergyclinic.ie', 'postgres'),
    ).toBe(
      'site ready at http://10.0.0.11:3000 (public address https://dublinallergyclinic.ie; database: postgres)',
    );
  });

  it('says localhost, on every interface, for 0.0.0.0 and ::', () => {
    expect(readyLine({ address: '0.0.0.0', port: 3000 }, 'http://localhost:3000', 'pglite')).toBe(
      'site ready at http://localhost:3000 (on every interface; database: pglite)',
    );
    expect(readyLine({ address: '::', port: 8080 }, 'http://localhost:3000', 'pglite')).toBe(
      'site ready at http://localhost:8080 (on every interface; public address http://localhost:3000; database: pglite)',
    );
  });
});
