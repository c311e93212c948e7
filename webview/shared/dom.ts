/**
 * Elements made with DOM calls, for both pages: attributes are set one by one and text as text, so nothing from a
 * program (names, expressions, messages) is ever parsed as markup.
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}
