// bir-sim fmt: printing, --check, --write, and the refusals (a file that does not parse, a missing file, flags).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main as cli } from '../../engine/cli/bir-sim';

function run(argv: string[]): { status: number; out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  const status = cli(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { status, out: out.join('\n'), err: err.join('\n') };
}

const MESSY = 'module m\nfunc main(){\nsbuf t:f32[4,8]\nMemset t<-0\n}\n';
const TIDY = 'module m\nfunc main() {\n  sbuf t : f32[4, 8]\n  Memset t <- 0\n}\n';
const BROKEN = 'module m\nfunc main() {\n  Memset t <-\n}\n';

describe('bir-sim fmt', () => {
  let dir: string;
  const file = (name: string, text: string): string => {
    const f = path.join(dir, name);
    fs.writeFileSync(f, text);
    return f;
  };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-fmt-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('prints the formatted text and leaves the file alone', () => {
    const f = file('a.bir', MESSY);
    const r = run(['fmt', f]);
    assert.equal(r.status, 0, r.err);
    assert.equal(`${r.out}\n`, TIDY);
    assert.equal(fs.readFileSync(f, 'utf8'), MESSY);
  });

  it('--check names the files that would change and exits 1; 0 when none would', () => {
    const messy = file('messy.bir', MESSY);
    const tidy = file('tidy.bir', TIDY);
    const r = run(['fmt', '--check', messy, tidy]);
    assert.equal(r.status, 1);
    assert.ok(r.out.includes('messy.bir') && !r.out.includes('tidy.bir'), r.out);
    assert.equal(fs.readFileSync(messy, 'utf8'), MESSY);
    assert.equal(run(['fmt', '--check', tidy]).status, 0);
  });

  it('--write replaces the files that change, leaving no temporary file', () => {
    const messy = file('messy.bir', MESSY);
    const tidy = file('tidy.bir', TIDY);
    const before = fs.statSync(tidy).mtimeMs;
    const r = run(['fmt', '--write', messy, tidy]);
    assert.equal(r.status, 0, r.err);
    assert.equal(fs.readFileSync(messy, 'utf8'), TIDY);
    assert.equal(fs.statSync(tidy).mtimeMs, before);
    assert.deepEqual(fs.readdirSync(dir).sort(), ['messy.bir', 'tidy.bir']);
  });

  it('refuses a file that does not parse with its mistakes, writes nothing, formats the others, exits 2', () => {
    const broken = file('broken.bir', BROKEN);
    const messy = file('messy.bir', MESSY);
    const r = run(['fmt', '--write', broken, messy]);
    assert.equal(r.status, 2);
    assert.match(r.err, /broken\.bir:3:\d+: error: /);
    assert.match(r.err, /broken\.bir does not parse: left as it is/);
    assert.equal(fs.readFileSync(broken, 'utf8'), BROKEN);
    assert.equal(fs.readFileSync(messy, 'utf8'), TIDY);
  });

  it('says which file it cannot read, and refuses bad flags', () => {
    const r = run(['fmt', path.join(dir, 'missing.bir')]);
    assert.equal(r.status, 2);
    assert.match(r.err, /cannot read .*missing\.bir/);
    assert.equal(run(['fmt']).status, 2);
    assert.match(run(['fmt', '--check', '--write', 'x.bir']).err, /--check or --write, not both/);
    assert.match(run(['fmt', '--wrong', 'x.bir']).err, /unknown option '--wrong'/);
  });
});
