/**
 * Colours of the bars: one hue per opcode (the same opcode has the same colour in every timeline), full for what has
 * run and faded for what the debugger has not reached yet; the critical path and the stop in the theme's colours.
 */
const cache = new Map<string, readonly [string, string]>();

/** [ran, not yet run] colours of an opcode. */
export function opcodeColours(opcode: string): readonly [string, string] {
  let c = cache.get(opcode);
  if (!c) {
    const hue = HUES[opcode] ?? hashHue(opcode);
    c = [`hsl(${hue}, 60%, 52%)`, `hsla(${hue}, 35%, 55%, 0.35)`];
    cache.set(opcode, c);
  }
  return c;
}

/** The usual opcodes apart at a glance: transfers blue, matmuls orange, vector work green and teal, activations purple. */
const HUES: Record<string, number> = {
  DmaCopy: 210, MatMult: 28, MatMultMX: 18, Transpose: 45, Activation: 280, TensorScalar: 140, TensorTensor: 165, TensorReduce: 100,
  Memset: 0, Iota: 330, Barrier: 0, Set: 60, Load: 75, fused: 310,
};

function hashHue(text: string): number {
  let h = 0;
  for (let k = 0; k < text.length; k++) h = (h * 31 + text.charCodeAt(k)) >>> 0;
  return h % 360;
}

/** A colour of the theme (a CSS variable VS Code sets), with a fallback outside VS Code. */
export function themeColour(name: string, fallback: string): string {
  return getComputedStyle(document.body).getPropertyValue(name).trim() || fallback;
}
