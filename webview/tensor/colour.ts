/**
 * Colour scales of the heatmap. Sequential (dark blue to yellow, for data of one sign) and diverging (blue, a light
 * neutral at zero, red: for data of both signs), chosen from the sign of the data unless the user picks one. NaN,
 * +Inf, −Inf and never-written elements have marked colours that neither scale uses. A scale is a table of 256
 * colours; a value maps to an entry in one multiply and a clamp.
 */

export type ScaleKind = 'sequential' | 'diverging';
export type ScaleChoice = 'auto' | ScaleKind;

/** Colours as 0xAABBGGRR: the byte order of ImageData in a Uint32Array on little-endian machines (every browser). */
export type Rgba = number;

export const MARKED = {
  nan: rgb(0xff, 0x00, 0xff),
  posInf: rgb(0x00, 0xff, 0x66),
  negInf: rgb(0x00, 0xff, 0xff),
  unwritten: rgb(0x00, 0x00, 0x00),
} as const;

/** CSS colours of the marked colours, for the legend. */
export const MARKED_CSS = { nan: '#ff00ff', posInf: '#00ff66', negInf: '#00ffff', unwritten: '#000000' } as const;

export function rgb(r: number, g: number, b: number): Rgba {
  return ((0xff << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

export function cssOf(c: Rgba): string {
  return `rgb(${c & 0xff}, ${(c >>> 8) & 0xff}, ${(c >>> 16) & 0xff})`;
}

/** Stops of the two scales, from their low end to their high end. */
const SEQUENTIAL_STOPS: readonly [number, number, number][] = [
  [0x00, 0x20, 0x4c], [0x2a, 0x3f, 0x6c], [0x57, 0x5c, 0x6d], [0x7c, 0x7b, 0x78], [0xa5, 0x9c, 0x74], [0xd3, 0xc0, 0x64], [0xff, 0xe9, 0x45],
];
const DIVERGING_STOPS: readonly [number, number, number][] = [
  [0x21, 0x66, 0xac], [0x67, 0xa9, 0xcf], [0xd1, 0xe5, 0xf0], [0xf0, 0xf0, 0xf0], [0xfd, 0xdb, 0xc7], [0xef, 0x8a, 0x62], [0xb2, 0x18, 0x2b],
];

export const TABLE_SIZE = 256;

/** The 256 colours of a scale, interpolated between its stops. */
export function colourTable(kind: ScaleKind): Uint32Array {
  const stops = kind === 'sequential' ? SEQUENTIAL_STOPS : DIVERGING_STOPS;
  const table = new Uint32Array(TABLE_SIZE);
  for (let i = 0; i < TABLE_SIZE; i++) {
    const t = (i / (TABLE_SIZE - 1)) * (stops.length - 1);
    const k = Math.min(stops.length - 2, Math.floor(t));
    const f = t - k;
    const [a, b] = [stops[k], stops[k + 1]];
    table[i] = rgb(Math.round(a[0] + (b[0] - a[0]) * f), Math.round(a[1] + (b[1] - a[1]) * f), Math.round(a[2] + (b[2] - a[2]) * f));
  }
  return table;
}

/** A scale fixed to a range: where each value goes in the table. */
export interface Scale {
  readonly kind: ScaleKind;
  readonly lo: number;
  readonly hi: number;
  /** The value the scale is centred on: 0 for diverging, the middle of the range for sequential. */
  readonly centre: number;
  readonly table: Uint32Array;
}

/** The scale for data with these finite extremes: diverging when they have both signs (auto), symmetric about 0. */
export function makeScale(choice: ScaleChoice, min: number | null, max: number | null): Scale {
  const lo0 = min ?? 0;
  const hi0 = max ?? 0;
  const kind: ScaleKind = choice === 'auto' ? (lo0 < 0 && hi0 > 0 ? 'diverging' : 'sequential') : choice;
  if (kind === 'diverging') {
    const m = Math.max(Math.abs(lo0), Math.abs(hi0));
    return { kind, lo: -m, hi: m, centre: 0, table: colourTable(kind) };
  }
  return { kind, lo: lo0, hi: hi0, centre: (lo0 + hi0) / 2, table: colourTable(kind) };
}

/** The table entry of a finite value; a range of one value (or none) is the middle of the table. */
export function indexOf(scale: Scale, x: number): number {
  const span = scale.hi - scale.lo;
  if (!(span > 0)) return TABLE_SIZE >> 1;
  const i = Math.floor(((x - scale.lo) / span) * TABLE_SIZE);
  return i < 0 ? 0 : i >= TABLE_SIZE ? TABLE_SIZE - 1 : i;
}

/** Cell flags (contract/tensor.ts, CellFlags). */
export const FLAG = { unwritten: 1, nan: 2, posInf: 4, negInf: 8, changed: 16, differs: 32, allUnwritten: 64 } as const;

/**
 * The colour of a cell: a marked colour when the cell holds NaN, an infinity or only never-written elements (in that
 * order: what the eye must not miss first); else its value, and for a block the extreme further from the centre (a
 * block of small values with one large one shows the large one).
 */
export function cellColour(scale: Scale, flags: number, high: number, low: number): Rgba {
  if (flags & FLAG.nan) return MARKED.nan;
  if (flags & FLAG.posInf) return MARKED.posInf;
  if (flags & FLAG.negInf) return MARKED.negInf;
  if (flags & FLAG.allUnwritten) return MARKED.unwritten;
  const x = Math.abs(low - scale.centre) > Math.abs(high - scale.centre) ? low : high;
  if (x !== x) return MARKED.unwritten;
  return scale.table[indexOf(scale, x)];
}
