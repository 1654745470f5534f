import { useSearchParams } from 'react-router';

/**
 * A list's filter kept in the address (`?status=failed`): the value when it is one of `values` (anything else is no
 * filter), and a setter that takes a select's value ('' or an unknown one clears the filter) and goes back to the
 * first page, without scrolling.
 */
export function useListFilter<T extends string>(
  param: string,
  values: readonly T[],
): [T | undefined, (next: string | undefined) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const parse = (raw: string | null | undefined) => values.find((value) => value === raw);
  const setFilter = (next: string | undefined) =>
    setSearchParams(
      (previous) => {
        const changed = new URLSearchParams(previous);
        const value = parse(next);
        if (value) changed.set(param, value);
        else changed.delete(param);
        changed.delete('page');
        return changed;
      },
      { preventScrollReset: true },
    );
  return [parse(searchParams.get(param)), setFilter];
}
