/**
 * Whether a program fits in what this process may use, estimated before it is read and again before it is parsed:
 * a program over what the machine can hold is refused with its size and the limit, instead of the process running
 * out of memory half way (V8 ends a process whose heap is full; nothing can be reported then).
 *
 * What a check needs, measured on programs in a compiler's shape (docs/benchmarks.md, "Compiled-model scale"): the
 * text itself in the heap (a string of one or two bytes per character), a few dozen bytes per line of garbage and
 * objects in the heap while bodies are built, and the typed arrays of the compact program outside the heap (about
 * 280 bytes per line at their peak, while the columns double as they grow).
 */
import * as os from 'os';
import * as v8 from 'v8';
import { constants as bufferConstants } from 'buffer';

/** What this process may still use: in its V8 heap, and in all (the heap and the memory outside it). */
export interface MemoryBudget {
  /** Bytes the heap may still grow by before V8 ends the process. */
  readonly heapBytes: number;
  /** The heap's limit, for the message (`--max-old-space-size` sets it). */
  readonly heapLimitBytes: number;
  /** Bytes of memory the process may still take (the machine's or its container's available memory). */
  readonly memoryBytes: number;
}

/** Heap per line while bodies are built, beyond the text: objects of a statement, made and dropped, and the tables. */
const HEAP_BYTES_PER_LINE = 64;
/** Typed arrays per line at their peak (the compact program's columns, doubled as they grow). */
const ARRAY_BYTES_PER_LINE = 320;
/**
 * The length of a line assumed when only the size in bytes is known, before a file is read: longer than a compiled
 * model's lines (about 38 bytes), so that a file is refused unread only when it is clearly too big; once read, its
 * lines are counted.
 */
const UNREAD_LINE_BYTES = 96;

/** The longest string V8 makes: a source file is one string. */
export const MAX_SOURCE_CHARS = bufferConstants.MAX_STRING_LENGTH;

export function currentBudget(): MemoryBudget {
  const heap = v8.getHeapStatistics();
  const available = typeof process.availableMemory === 'function' ? process.availableMemory() : os.freemem();
  return { heapBytes: heap.heap_size_limit - heap.used_heap_size, heapLimitBytes: heap.heap_size_limit, memoryBytes: available };
}

/** What checking a program of `chars` characters in `lines` lines needs, in the heap and in all. */
export function checkNeeds(chars: number, lines: number, bytesPerChar: number): { heap: number; total: number } {
  const heap = chars * bytesPerChar + lines * HEAP_BYTES_PER_LINE;
  return { heap, total: heap + lines * ARRAY_BYTES_PER_LINE };
}

/**
 * Why a program of `sourceBytes` bytes of source in `lines` lines cannot be checked with this budget, or undefined
 * when it fits. `lines` is undefined when only the size is known (before the files are read).
 */
export function sizeProblem(sourceBytes: number, lines: number | undefined, budget: MemoryBudget, bytesPerChar = 1): string | undefined {
  const size = lines === undefined ? formatBytes(sourceBytes) : `${lines.toLocaleString('en-US')} lines (${formatBytes(sourceBytes)})`;
  if (sourceBytes > MAX_SOURCE_CHARS) {
    return `the program is too big to read: ${formatBytes(sourceBytes)} of source in one file, and a file holds at most ${formatBytes(MAX_SOURCE_CHARS)} (split it over modules)`;
  }
  const counted = lines ?? Math.floor(sourceBytes / UNREAD_LINE_BYTES);
  const need = checkNeeds(sourceBytes, counted, bytesPerChar);
  if (need.heap > budget.heapBytes) {
    return `the program is too big for this process: ${size} need about ${formatBytes(need.heap)} of heap to check, `
      + `and ${formatBytes(Math.max(0, budget.heapBytes))} of its ${formatBytes(budget.heapLimitBytes)} heap limit is free (node's --max-old-space-size raises the limit)`;
  }
  if (need.total > budget.memoryBytes) {
    return `the program is too big for this machine: ${size} need about ${formatBytes(need.total)} of memory to check, `
      + `and ${formatBytes(Math.max(0, budget.memoryBytes))} is available`;
  }
  return undefined;
}

export function formatBytes(n: number): string {
  if (n >= 1 << 30) return `${(n / (1 << 30)).toFixed(2)} GiB`;
  if (n >= 1 << 20) return `${(n / (1 << 20)).toFixed(1)} MiB`;
  if (n >= 1 << 10) return `${(n / (1 << 10)).toFixed(1)} KiB`;
  return `${n} bytes`;
}
