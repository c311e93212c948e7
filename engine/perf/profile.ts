/**
 * Machine profiles: every constant of the cost model as a named field, for trn1, trn2 and trn3 as the NKI
 * architecture guides publish them (docs/timeline.md cites each), and a user's JSON profile that names a base and
 * overrides any field. A profile is data: the cost model and the scheduler read nothing else.
 */
import { z } from 'zod';

export interface MachineProfile {
  /** What the timeline and the CLI call it: `trn2`, or the user's file. */
  readonly name: string;
  /** Clocks of the engines, GHz. The Sync engine (SP: registers, Load) has no published clock: assumed the Scalar engine's. */
  readonly tensorGHz: number;
  readonly vectorGHz: number;
  readonly scalarGHz: number;
  readonly gpsimdGHz: number;
  readonly syncGHz: number;
  /** The PE array: rows (the contraction, K) and columns (M); one multiply-add per element per cycle. */
  readonly peRows: number;
  readonly peColumns: number;
  /** MM_INIT_LATENCY: a MatMult issues every max(N, this) Tensor cycles, N the moving free size. */
  readonly matmulMinCycles: number;
  /** FP32 operands cost this many times the BF16 cycles. */
  readonly matmulFp32Factor: number;
  /** MIN_II of the Vector, Scalar and GpSimd engines: no instruction issues faster. */
  readonly minInstructionCycles: number;
  /** Cycles per free element per partition for each input tile read (N for one input, 2N for two). */
  readonly cyclesPerElementPerInput: number;
  /** The static instruction overhead, paid by instructions with a small free size or waiting on a producer's output. */
  readonly staticOverheadCycles: number;
  /** Below this free size an instruction pays the static overhead ("N << 128"). */
  readonly smallFreeSize: number;
  /** Fixed cost of one SBUF/PSUM access, exposed when an instruction waits for its input. */
  readonly accessOverheadCycles: number;
  /** DMA queues (engines) per core; each serves the partitions `dmaPartitionsPerQueue` wide. */
  readonly dmaQueues: number;
  readonly dmaPartitionsPerQueue: number;
  /** The fixed cost of one DMA transfer (descriptors, semaphores), ns. */
  readonly dmaFixedNs: number;
  /** Peak bandwidth of one queue, bytes per ns. */
  readonly dmaBytesPerNs: number;
  /** Bytes per partition at which a transfer runs at half its peak: efficiency = b / (b + this). */
  readonly dmaHalfEfficiencyBytes: number;
  /** Transfers under this many bytes per partition are warned about. */
  readonly dmaSmallBytesPerPartition: number;
}

const TRN1: MachineProfile = {
  name: 'trn1',
  tensorGHz: 2.8,
  vectorGHz: 1.12,
  scalarGHz: 1.4,
  gpsimdGHz: 1.4,
  syncGHz: 1.4,
  peRows: 128,
  peColumns: 128,
  matmulMinCycles: 64,
  matmulFp32Factor: 4,
  minInstructionCycles: 64,
  cyclesPerElementPerInput: 1,
  staticOverheadCycles: 100,
  smallFreeSize: 64,
  accessOverheadCycles: 60,
  dmaQueues: 16,
  dmaPartitionsPerQueue: 8,
  dmaFixedNs: 1300,
  dmaBytesPerNs: 17,
  dmaHalfEfficiencyBytes: 256,
  dmaSmallBytesPerPartition: 2048,
};

const TRN2: MachineProfile = { ...TRN1, name: 'trn2', tensorGHz: 2.4, vectorGHz: 0.96, scalarGHz: 1.2, gpsimdGHz: 1.2, syncGHz: 1.2, dmaBytesPerNs: 23 };

const TRN3: MachineProfile = { ...TRN2, name: 'trn3', vectorGHz: 1.2, dmaBytesPerNs: 33 };

export const PROFILES: ReadonlyMap<string, MachineProfile> = new Map([TRN1, TRN2, TRN3].map((p) => [p.name, p]));

export const DEFAULT_PROFILE = TRN2;

export class ProfileError extends Error {}

const positive = z.number().positive();
const count = z.number().int().positive();

/** The fields a user's profile may set: each of MachineProfile's, and `base`, the built-in profile it starts from. */
const overrides = z.strictObject({
  base: z.enum(['trn1', 'trn2', 'trn3']).optional(),
  name: z.string().min(1).optional(),
  tensorGHz: positive.optional(),
  vectorGHz: positive.optional(),
  scalarGHz: positive.optional(),
  gpsimdGHz: positive.optional(),
  syncGHz: positive.optional(),
  peRows: count.optional(),
  peColumns: count.optional(),
  matmulMinCycles: z.number().nonnegative().optional(),
  matmulFp32Factor: positive.optional(),
  minInstructionCycles: z.number().nonnegative().optional(),
  cyclesPerElementPerInput: positive.optional(),
  staticOverheadCycles: z.number().nonnegative().optional(),
  smallFreeSize: z.number().nonnegative().optional(),
  accessOverheadCycles: z.number().nonnegative().optional(),
  dmaQueues: count.max(64).optional(),
  dmaPartitionsPerQueue: count.optional(),
  dmaFixedNs: z.number().nonnegative().optional(),
  dmaBytesPerNs: positive.optional(),
  dmaHalfEfficiencyBytes: z.number().nonnegative().optional(),
  dmaSmallBytesPerPartition: z.number().nonnegative().optional(),
});

/** A user's profile from its JSON text; `where` (the file) starts every message, which names the field. */
export function parseProfile(text: string, where: string): MachineProfile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ProfileError(`${where}: not JSON: ${(e as Error).message}`);
  }
  const parsed = overrides.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.length ? `'${issue.path.join('.')}'` : 'the profile';
    const known = issue.code === 'unrecognized_keys' ? ` (fields: base, ${Object.keys(TRN1).join(', ')})` : '';
    throw new ProfileError(`${where}: ${field}: ${issue.message}${known}`);
  }
  const { base, ...fields } = parsed.data;
  const start = PROFILES.get(base ?? DEFAULT_PROFILE.name)!;
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return { ...start, name: where, ...defined };
}

/** `trn1`, `trn2`, `trn3`, or the path of a JSON profile read by `read`. */
export function resolveProfile(machine: string | undefined, read: (file: string) => string): MachineProfile {
  if (machine === undefined) return DEFAULT_PROFILE;
  const builtIn = PROFILES.get(machine);
  if (builtIn) return builtIn;
  if (!machine.endsWith('.json')) throw new ProfileError(`unknown machine '${machine}' (machines: ${[...PROFILES.keys()].join(', ')}, or a PROFILE.json)`);
  let text: string;
  try {
    text = read(machine);
  } catch (e) {
    throw new ProfileError(`cannot read the profile ${machine}: ${(e as Error).message}`);
  }
  return parseProfile(text, machine);
}
