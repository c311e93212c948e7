/**
 * A pass pipeline that would not fit in the process is refused before any pass runs, with the program's size, the
 * heap it would need and what is free (a pass rewrites a copy of the program): a compiled model of millions of
 * instructions with passes used to fill the heap, and V8 ends such a process with nothing said.
 */
import * as assert from 'assert';
import { runPipeline } from '../../engine/passes/pipeline';
import { PipelineTooBig, pipelineSizeProblem } from '../../engine/passes/pipeline-size';
import { programOf } from '../helpers/virtual-host';

const program = programOf(`module m\nfunc main() {\n  sbuf t : f32[4, 8]\n${'  TensorScalar t <- t, op = add, scalar = 1\n'.repeat(1000)}}\n`);
const GiB = 2 ** 30;
const small = { heapBytes: 2 * 2 ** 20, heapLimitBytes: 4 * GiB, memoryBytes: 16 * GiB };
const large = { heapBytes: 3 * GiB, heapLimitBytes: 4 * GiB, memoryBytes: 16 * GiB };

describe('the size of a pass pipeline', () => {
  it('fits: nothing to say, and the passes run', () => {
    assert.strictEqual(pipelineSizeProblem(program, ['dce', 'fuse'], large), undefined);
    assert.strictEqual(runPipeline(program, ['dce', 'fuse'], large).length, 3);
  });

  it('no passes always fit', () => {
    assert.strictEqual(pipelineSizeProblem(program, [], small), undefined);
  });

  it('too big: refused with the passes, the size, the need and the free heap', () => {
    const message = pipelineSizeProblem(program, ['dce', 'fuse'], small);
    assert.ok(message, 'refused');
    assert.match(message, /^the passes dce, fuse need about 3\.\d MiB of heap for a program of 1,00\d nodes/);
    assert.match(message, /2\.0 MiB of this process's 4\.00 GiB heap limit is free/);
    assert.match(message, /run without passes, or with fewer/);
  });

  it('the pipeline throws it before any pass runs', () => {
    assert.throws(() => runPipeline(program, ['dce', 'fuse'], small), (e: unknown) => e instanceof PipelineTooBig && /need about/.test(e.message));
  });
});
