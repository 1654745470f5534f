import { useEffect, useRef } from 'react';

/**
 * A ref for a message that takes the keyboard when it appears (a refusal, a form-wide error), so a screen reader
 * reads it and the next Tab starts there. Focusing after React commits, not in a frame callback, because on a
 * busy machine the frame can come before the render that draws the element.
 */
export function useFocusWhenShown<Element extends HTMLElement>(shown: unknown) {
  const ref = useRef<Element>(null);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  return ref;
}
