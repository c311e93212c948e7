/**
 * What the checks of both pages' messages share: a page checks what its host posts, and a host what its page posts,
 * before acting on it (messages.ts of each page; the hosts run them too, so nothing here needs the DOM).
 */

/** The fields of posted data, or undefined when it is not an object. */
export function fieldsOf(data: unknown): Record<string, unknown> | undefined {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : undefined;
}

/** Whether posted data is an object whose `type` is one of `types`. */
export function hasTypeIn(data: unknown, types: ReadonlySet<string>): boolean {
  return types.has(fieldsOf(data)?.type as string);
}
