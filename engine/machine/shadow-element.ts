/** One element as a shadow run knows it (issue 27): its stored value, its float64 value, where its error grew most. */
import { decode } from './dtypes';
import { Tensor } from './tensor';

export interface ShadowElement {
  readonly stored: number;
  /** The stored value when the element has no shadow (never written by a shadowed instruction, or written since). */
  readonly exact: number;
  readonly shadowed: boolean;
  /** ShadowRun id of the instruction where its error grew most; -1 for none. */
  readonly origin: number;
  readonly jump: number;
}

export function shadowElement(t: Tensor, index: number): ShadowElement {
  const stored = t.written[index] ? decode(t.dtype, t.data[index]) : 0;
  const s = t.shadow;
  if (!s || !t.written[index] || s.stamps[index] !== stored) return { stored, exact: stored, shadowed: false, origin: -1, jump: 0 };
  return { stored, exact: s.values[index], shadowed: true, origin: s.origins[index], jump: s.jumps[index] };
}
