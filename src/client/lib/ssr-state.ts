/** JSON that is safe inside a `<script type="application/json">` element: no `</script>`, no `<!--`. */
export function serializeState(state: unknown): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function readState<T>(elementId: string): T | undefined {
  const element = document.getElementById(elementId);
  if (!element?.textContent) return undefined;
  return JSON.parse(element.textContent) as T;
}
