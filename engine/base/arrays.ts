/**
 * Appending one array to another without spreading it: `a.push(...b)` passes every item of b as an argument, and
 * an array of more than about 120,000 items (a compiled model's run of instructions) overflows the call stack.
 */
export function pushAll<T>(target: T[], items: readonly T[]): T[] {
  for (let i = 0; i < items.length; i++) target.push(items[i]);
  return target;
}
