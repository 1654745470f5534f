import type { Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { lazyResolver } from './lazy-resolver';

type Values = { name: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];
const accept: Resolver<Values> = async (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads the validation once, on preload or on the first validation', async () => {
    let loads = 0;
    const { resolver, preload } = lazyResolver<Values, unknown, Values>(async () => {
      loads += 1;
      return accept;
    });
    expect(loads).toBe(0);
    preload();
    preload();
    expect(await resolver({ name: 'a' }, undefined, options)).toEqual({ values: { name: 'a' }, errors: {} });
    await resolver({ name: 'b' }, undefined, options);
    expect(loads).toBe(1);
  });

  it('tries again after a failed load (offline), and a failed preload throws nowhere', async () => {
    let loads = 0;
    const { resolver, preload } = lazyResolver<Values, unknown, Values>(async () => {
      loads += 1;
      if (loads === 1) throw new Error('offline');
      return accept;
    });
    preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await resolver({ name: 'a' }, undefined, options)).toEqual({ values: { name: 'a' }, errors: {} });
    expect(loads).toBe(2);
  });
});
