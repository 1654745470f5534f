import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose validation code (Zod and the form's schema, about 24 KB gzipped) is loaded only
 * when the form is first used, not with the page: `preload` on the first focus or touch, and the resolver
 * itself waits for it if the form is submitted before. A failed load (offline) is tried again next time.
 */
export function lazyResolver<TInput extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TInput, TContext, TOutput>>,
): { resolver: Resolver<TInput, TContext, TOutput>; preload: () => void } {
  let loading: Promise<Resolver<TInput, TContext, TOutput>> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => {
      get().catch(() => undefined);
    },
  };
}
