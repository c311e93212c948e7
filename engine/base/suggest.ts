/** "did you mean": the closest known word by edit distance, when it is close enough to be a likely typo. */
export function suggest(word: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const k of known) {
    const d = editDistance(word.toLowerCase(), k.toLowerCase());
    // At least half of the word must survive: 'zz' is not a typo of 'N'.
    if (d < bestDistance && 2 * d <= word.length) {
      best = k;
      bestDistance = d;
    }
  }
  return best;
}

/** Edit distance where swapping two neighbours is one edit (optimal string alignment): 'tpm' is 1 from 'tmp'. */
function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      row.push(d);
    }
    before = prev;
    prev = row;
  }
  return prev[b.length];
}
