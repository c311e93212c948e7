/**
 * The messages between the tensor view's panel host (extension/tensor-panel.ts) and its page. The page owns what it
 * shows (the expression, the slice, the comparison, the toggles) and asks; the host adds the frame and the previous
 * stop, sends the custom requests and posts the answers, with the values as ArrayBuffers (never JSON numbers).
 */
import type { CompareMetric, Divergence, MemoryMap, TensorData } from '../../contract/tensor';
import { isCompareMetric } from '../../contract/compare-metrics';
import { fieldsOf, hasTypeIn } from '../shared/messages';

/** A bir/tensor answer without its binary fields, which travel beside it as ArrayBuffers. */
export type TensorHeader = Omit<TensorData, 'values' | 'low' | 'flags' | 'compare' | 'shadowError'> & {
  readonly compare?: Omit<NonNullable<TensorData['compare']>, 'values' | 'metricValues'>;
  /** The error layer's figures (its cells travel as `error`), or why there is none. */
  readonly shadowError?: { readonly maxUlp: number | null; readonly shadowed: number } | { readonly unavailable: string };
};

export interface TensorBuffers {
  readonly values: ArrayBuffer;
  readonly valuesType: 'f32' | 'f64';
  readonly low?: ArrayBuffer;
  /** Absent when no cell has a flag. */
  readonly flags?: ArrayBuffer;
  readonly reference?: ArrayBuffer;
  readonly referenceType?: 'f32' | 'f64';
  readonly metric?: ArrayBuffer;
  /** The error layer: |error| in ulps per cell (f32), NaN where an element has no shadow. */
  readonly error?: ArrayBuffer;
}

/** What a request of the page is for: the picture of the whole region, a window while zooming, or a copy. */
export type Purpose = 'region' | 'window' | 'copy';

/** A type, not an interface: it passes as the request's loose arguments object. */
export type CompareSettings = {
  readonly expression?: string;
  readonly file?: string;
  readonly metric: CompareMetric;
  readonly atol: number;
  readonly rtol: number;
};

export interface TensorRequest {
  readonly seq: number;
  readonly purpose: Purpose;
  readonly expression: string;
  readonly slice: readonly number[];
  readonly window?: { readonly row: number; readonly col: number; readonly rows: number; readonly cols: number };
  readonly maxCells?: number;
  /** Mark the elements written since the previous stop (the host knows which stop that was). */
  readonly changed: boolean;
  readonly compare?: CompareSettings;
  /** The "error vs float64" layer (a shadow run). */
  readonly error?: boolean;
}

/** Panel → page. */
export type ToTensorView =
  /** No BIR session (or it ended), or no expression yet: what to do. */
  | { readonly type: 'idle'; readonly message: string }
  /** The program runs: the picture is of the last stop. */
  | { readonly type: 'running' }
  /** A stop, or another frame selected: ask again. `instructions` says where the run is in time. */
  | { readonly type: 'stopped'; readonly instructions?: number; readonly previous?: number }
  /** Show this expression (a command, the Variables view, `:show`, a hover's link). */
  | { readonly type: 'show'; readonly expression: string }
  | { readonly type: 'tensor'; readonly seq: number; readonly purpose: Purpose; readonly header: TensorHeader; readonly buffers: TensorBuffers }
  | { readonly type: 'divergence'; readonly divergence: Divergence }
  | { readonly type: 'memoryMap'; readonly map: MemoryMap }
  /** A reference file chosen in the editor's dialog. */
  | { readonly type: 'reference'; readonly file: string }
  /** The host did what the page asked (copied): a short note. */
  | { readonly type: 'note'; readonly text: string }
  | { readonly type: 'error'; readonly message: string; readonly seq?: number };

/** Page → panel. */
export type FromTensorView =
  | { readonly type: 'ready' }
  | { readonly type: 'tensor'; readonly request: TensorRequest }
  | { readonly type: 'divergence'; readonly expression: string; readonly slice: readonly number[]; readonly compare: CompareSettings; readonly from: number }
  | { readonly type: 'memoryMap'; readonly expression?: string }
  /** Open the editor's file dialog for a .npy reference. */
  | { readonly type: 'pickReference' }
  | { readonly type: 'copy'; readonly text: string };

const TO_TYPES = new Set(['idle', 'running', 'stopped', 'show', 'tensor', 'divergence', 'memoryMap', 'reference', 'note', 'error']);

export function isToTensorView(data: unknown): data is ToTensorView {
  return hasTypeIn(data, TO_TYPES);
}

const isInt = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0;
const isString = (x: unknown): x is string => typeof x === 'string';

function isCompare(c: unknown): c is CompareSettings {
  const m = fieldsOf(c);
  if (!m) return false;
  return (m.expression === undefined || isString(m.expression)) && (m.file === undefined || isString(m.file))
    && isCompareMetric(m.metric) && typeof m.atol === 'number' && m.atol >= 0 && typeof m.rtol === 'number' && m.rtol >= 0;
}

function isRequest(r: unknown): r is TensorRequest {
  const m = fieldsOf(r);
  if (!m) return false;
  const w = m.window as Record<string, unknown> | undefined;
  return isInt(m.seq) && (m.purpose === 'region' || m.purpose === 'window' || m.purpose === 'copy') && isString(m.expression)
    && Array.isArray(m.slice) && m.slice.every(isInt) && typeof m.changed === 'boolean'
    && (m.maxCells === undefined || isInt(m.maxCells))
    && (w === undefined || (typeof w === 'object' && w !== null && isInt(w.row) && isInt(w.col) && isInt(w.rows) && isInt(w.cols)))
    && (m.compare === undefined || isCompare(m.compare)) && (m.error === undefined || typeof m.error === 'boolean');
}

/** Whether data posted by the page is a well-formed request (the host checks before acting on it). */
export function isFromTensorView(data: unknown): data is FromTensorView {
  const m = fieldsOf(data);
  switch (m?.type) {
    case 'ready':
    case 'pickReference':
      return true;
    case 'tensor':
      return isRequest(m.request);
    case 'divergence':
      return isString(m.expression) && Array.isArray(m.slice) && m.slice.every(isInt) && isCompare(m.compare) && isInt(m.from);
    case 'memoryMap':
      return m.expression === undefined || isString(m.expression);
    case 'copy':
      return isString(m.text) && m.text.length <= 64 * 1024 * 1024;
    default:
      return false;
  }
}
