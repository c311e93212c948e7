/**
 * A program over what the process can hold is refused before it is read or parsed, with its size and the limit:
 * with a budget given to the check, and in a real process whose heap is too small for the file (which, read, would
 * end the process: V8 stops a process whose heap is full, with nothing reported).
 */
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { checkProgram, diskHost } from '../../engine/lang/check/checker';
import { MemoryBudget, sizeProblem } from '../../engine/lang/check/program-size';
import { straightLine, splitOverModules } from '../helpers/compiled-model';
import { virtualHost } from '../helpers/virtual-host';

const GIB = 1 << 30;
const PLENTY: MemoryBudget = { heapBytes: 4 * GIB, heapLimitBytes: 4 * GIB, memoryBytes: 16 * GIB };

function files(program: { files: ReadonlyMap<string, string> }): Record<string, string> {
  return Object.fromEntries(program.files);
}

describe('programs too big for the process', () => {
  it('checks a program that fits, and refuses the same program with a smaller heap, saying how big it is and the limit', () => {
    const program = straightLine(20_000);
    const host = virtualHost(files(program));
    const entry = path.resolve('/virtual', 'model.bir');
    assert.ok(checkProgram(entry, { host, memory: PLENTY }).program);
    const small: MemoryBudget = { heapBytes: 1 << 20, heapLimitBytes: 64 << 20, memoryBytes: 16 * GIB };
    const refused = checkProgram(entry, { host, memory: small });
    assert.strictEqual(refused.program, undefined);
    assert.strictEqual(refused.diagnostics.length, 1);
    const [d] = refused.diagnostics;
    assert.strictEqual(d.severity, 'error');
    assert.deepStrictEqual([d.span.file, d.span.line], [entry, 1]);
    assert.match(d.message, /^model\.bir: the program is too big for this process: 20,0\d\d lines \([\d.]+ KiB\) need about [\d.]+ MiB of heap to check, and 1\.0 MiB of its 64\.0 MiB heap limit is free \(node's --max-old-space-size raises the limit\)$/);
  });

  it('counts every module of a program split over files, and names the import that goes over', () => {
    const program = splitOverModules(20_000, 4);
    const host = virtualHost(files(program));
    const entry = path.resolve('/virtual', 'model.bir');
    const whole = [...program.files.values()].reduce((n, t) => n + t.length, 0);
    // Room for the first parts, not for all of them.
    const heap = Math.floor(whole * 0.6 + 12_000 * 64);
    const refused = checkProgram(entry, { host, memory: { heapBytes: heap, heapLimitBytes: heap, memoryBytes: 16 * GIB } });
    assert.strictEqual(refused.program, undefined);
    const errors = refused.diagnostics.filter((d) => d.severity === 'error');
    assert.ok(errors.some((d) => /^part\d\.bir: the program is too big for this process/.test(d.message)), errors.map((d) => d.message).join('\n'));
    const where = errors.find((d) => d.message.startsWith('part'))!;
    assert.strictEqual(where.span.file, entry, 'the import is where the program goes over');
  });

  it('refuses by the memory of the machine when the heap would hold it', () => {
    const problem = sizeProblem(40 << 20, 1_000_000, { heapBytes: 4 * GIB, heapLimitBytes: 4 * GIB, memoryBytes: 100 << 20 });
    assert.match(problem ?? '', /^the program is too big for this machine: 1,000,000 lines \(40\.0 MiB\) need about [\d.]+ MiB of memory to check, and 100\.0 MiB is available$/);
  });

  it('refuses a file bigger than one string can hold before reading it', () => {
    assert.match(sizeProblem(600 << 20, undefined, PLENTY) ?? '', /^the program is too big to read: 600\.0 MiB of source in one file, and a file holds at most 512\.0 MiB \(split it over modules\)$/);
  });

  it('refuses in a process whose heap cannot hold the program, before parsing it, and ends with the message', function () {
    this.timeout(120_000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-size-'));
    try {
      const file = path.join(dir, 'model.bir');
      fs.writeFileSync(file, straightLine(1_000_000).files.get('model.bir')!);
      const script = `const { checkProgram } = require(${JSON.stringify(require.resolve('../../engine/lang/check/checker'))});
        const r = checkProgram(${JSON.stringify(file)});
        process.stdout.write(JSON.stringify({ ok: !!r.program, messages: r.diagnostics.map((d) => d.message) }));`;
      const run = spawnSync(process.execPath, ['--max-old-space-size=48', '-r', 'tsx/cjs', '-e', script], { encoding: 'utf8' });
      assert.strictEqual(run.status, 0, run.stderr);
      const out = JSON.parse(run.stdout) as { ok: boolean; messages: string[] };
      assert.strictEqual(out.ok, false);
      assert.strictEqual(out.messages.length, 1);
      assert.match(out.messages[0], /^model\.bir: the program is too big for this process: (1,000,0\d\d lines \()?[\d.]+ MiB\)? need about [\d.]+ MiB of heap to check, and [\d.]+ MiB of its [\d.]+ MiB heap limit is free/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the disk tells the size of a file before it is read', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-size-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.bir'), 'module a\n');
      assert.strictEqual(diskHost().size?.(path.join(dir, 'a.bir')), 9);
      assert.strictEqual(diskHost().size?.(path.join(dir, 'missing.bir')), undefined);
      assert.strictEqual(diskHost().size?.(dir), undefined);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
