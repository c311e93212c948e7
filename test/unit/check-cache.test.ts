/**
 * The extension's cache of checks (extension/check-cache.ts): the diagnostics of a program are checked once while
 * every file the check read, and every file it looked for, stay as they were; any change there checks again.
 */
import * as assert from 'assert';
import { CheckCache } from '../../extension/check-cache';
import { SourceHost } from '../../engine/lang/check/checker';

const MAIN = `module app
import "lib.bir"

func main() {
  sbuf t : f32[4, 4]
  call lib::fill(t)
}
`;
const LIB = `module lib

func fill(dst: sbuf f32[4, 4]) {
  Memset dst <- 3
}
`;

/** Files in memory, counting the reads of the entry file (each check reads it once). */
function memoryHost(files: Map<string, string>): SourceHost & { entryReads: number } {
  const host = {
    entryReads: 0,
    readText: (f: string) => {
      if (f === '/p/app.bir') host.entryReads++;
      return files.get(f);
    },
    exists: (f: string) => files.has(f),
  };
  return host;
}

describe('check cache', () => {
  it('answers from the last check while nothing it read changed, and checks again after any change', () => {
    const files = new Map([['/p/app.bir', MAIN], ['/p/lib.bir', LIB]]);
    const host = memoryHost(files);
    const cache = new CheckCache();
    const first = cache.diagnostics('/p/app.bir', host);
    assert.deepStrictEqual(first, [], 'the program checks');
    assert.strictEqual(cache.diagnostics('/p/app.bir', host), first, 'the same answer, not checked again');

    files.set('/p/lib.bir', LIB.replace('func fill', 'func fill_rows'));
    const afterImport = cache.diagnostics('/p/app.bir', host);
    assert.notStrictEqual(afterImport, first);
    assert.match(afterImport.map((d) => d.message).join('\n'), /fill/, 'the imported function is gone: an error');

    files.delete('/p/lib.bir');
    const missing = cache.diagnostics('/p/app.bir', host);
    assert.notStrictEqual(missing, afterImport, 'a file that disappeared checks again');
    files.set('/p/lib.bir', LIB);
    assert.deepStrictEqual(cache.diagnostics('/p/app.bir', host), [], 'and one that came back');
  });

  it('a change of the entry file checks again; another program has its own entry', () => {
    const files = new Map([['/p/app.bir', MAIN], ['/p/lib.bir', LIB], ['/p/other.bir', 'module other\nfunc main() {\n}\n']]);
    const host = memoryHost(files);
    const cache = new CheckCache();
    const first = cache.diagnostics('/p/app.bir', host);
    const reads = host.entryReads;
    files.set('/p/app.bir', MAIN.replace('lib::fill', 'lib::fills'));
    const changed = cache.diagnostics('/p/app.bir', host);
    assert.notStrictEqual(changed, first);
    assert.ok(host.entryReads > reads + 1, 'checked again (the entry read by the check as well as by the comparison)');
    assert.deepStrictEqual(cache.diagnostics('/p/other.bir', host), []);
    assert.strictEqual(cache.diagnostics('/p/app.bir', host), changed, 'each program kept');
  });

  it('forgets the least recently checked program beyond its limit', () => {
    const files = new Map([['/p/a.bir', 'module a\nfunc main() {\n}\n'], ['/p/b.bir', 'module b\nfunc main() {\n}\n'], ['/p/c.bir', 'module c\nfunc main() {\n}\n']]);
    const host = memoryHost(files);
    const cache = new CheckCache(2);
    const a = cache.diagnostics('/p/a.bir', host);
    cache.diagnostics('/p/b.bir', host);
    cache.diagnostics('/p/c.bir', host);
    assert.notStrictEqual(cache.diagnostics('/p/a.bir', host), a, 'a was forgotten');
  });
});
