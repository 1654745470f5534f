import { type BaseSyntheticEvent, useCallback, useRef, useState } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';

type FieldElement = HTMLInputElement | HTMLTextAreaElement;
type FieldErrors<TInput> = Partial<Record<keyof TInput & string, { message?: string }>>;

/**
 * The part of react-hook-form's `useForm` the two public forms use (contact, sign-in), without its 15 KB
 * (gzipped) of code on those pages: the same resolver (the shared Zod schema through `zodResolver`), the same
 * behaviour as `useForm` with its defaults plus `shouldFocusError`: uncontrolled fields, validation on
 * submit, then each change validates its field again; the first invalid field (in the order the fields
 * are registered) is focused. Back-office forms keep react-hook-form itself.
 */
export function useLightForm<TInput extends FieldValues, TOutput>(options: {
  resolver: Resolver<TInput, unknown, TOutput>;
  defaultValues: TInput;
}) {
  const { resolver, defaultValues } = options;
  const fields = useRef(new Map<keyof TInput & string, FieldElement>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<FieldErrors<TInput>>({});

  const validate = useCallback(async () => {
    const values = Object.fromEntries(
      [...fields.current].map(([name, element]) => [name, element.value]),
    ) as unknown as TInput;
    const result = await resolver(values, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
      criteriaMode: 'firstError',
    });
    return result as { values: TOutput | Record<string, never>; errors: FieldErrors<TInput> };
  }, [resolver]);

  const setFocus = useCallback((name: keyof TInput & string, focus?: { shouldSelect?: boolean }) => {
    const element = fields.current.get(name);
    element?.focus();
    if (focus?.shouldSelect) element?.select();
  }, []);

  // One set of props per field, kept across renders: a new ref callback each render would detach and
  // re-attach the field every time.
  const registered = useRef(new Map<keyof TInput & string, ReturnType<typeof fieldProps>>());
  const fieldProps = (name: keyof TInput & string) => ({
    name,
    ref: (element: FieldElement | null) => {
      if (!element) {
        fields.current.delete(name);
        return;
      }
      if (element.value === '' && defaultValues[name]) element.value = String(defaultValues[name]);
      fields.current.set(name, element);
    },
    onChange: async () => {
      if (!submitted.current) return;
      const message = (await validate()).errors[name]?.message;
      setErrors((current) => {
        if (current[name]?.message === message) return current;
        const next = { ...current };
        if (message === undefined) delete next[name];
        else next[name] = { message };
        return next;
      });
    },
    onBlur: () => undefined,
  });
  const register = (name: keyof TInput & string) => {
    let props = registered.current.get(name);
    if (!props) {
      props = fieldProps(name);
      registered.current.set(name, props);
    }
    return props;
  };

  const handleSubmit = useCallback(
    (onValid: (values: TOutput) => void) => async (event?: BaseSyntheticEvent) => {
      event?.preventDefault();
      submitted.current = true;
      const result = await validate();
      const invalid = [...fields.current.keys()].filter((name) => result.errors[name]);
      setErrors(result.errors);
      if (invalid[0] !== undefined) {
        setFocus(invalid[0]);
        return;
      }
      onValid(result.values as TOutput);
    },
    [validate, setFocus],
  );

  const setError = useCallback(
    (name: keyof TInput & string, error: { message: string }, focus?: { shouldFocus?: boolean }) => {
      setErrors((current) => ({ ...current, [name]: { message: error.message } }));
      if (focus?.shouldFocus) setFocus(name);
    },
    [setFocus],
  );

  const reset = useCallback((values: TInput) => {
    for (const [name, element] of fields.current) element.value = String(values[name] ?? '');
    submitted.current = false;
    setErrors({});
  }, []);

  return { register, handleSubmit, setError, setFocus, reset, formState: { errors } };
}
