import { distance } from 'fastest-levenshtein';

/**
 * Candidates close to `input`, best first: case-insensitive equality, then edit distance within a
 * budget that grows with the length of the input (so `mnt` finds `mint` but `x` finds nothing).
 */
export function closestMatches(input: string, candidates: Iterable<string>, limit = 3): string[] {
  const needle = input.toLowerCase();
  const budget = Math.max(2, Math.floor(needle.length / 3));
  const scored: Array<{ candidate: string; score: number }> = [];
  for (const candidate of candidates) {
    const hay = candidate.toLowerCase();
    let score: number;
    if (hay === needle) score = 0;
    else if (hay.startsWith(needle) || needle.startsWith(hay)) score = 0.5 + Math.abs(hay.length - needle.length) / 100;
    // The edit distance is at least the difference in length: most candidates are ruled out unmeasured.
    else if (Math.abs(hay.length - needle.length) > budget) continue;
    else score = distance(needle, hay);
    if (score <= budget) scored.push({ candidate, score });
  }
  scored.sort((a, b) => a.score - b.score || (a.candidate < b.candidate ? -1 : a.candidate > b.candidate ? 1 : 0));
  return scored.slice(0, limit).map((s) => s.candidate);
}

export function closestMatch(input: string, candidates: Iterable<string>): string | undefined {
  return closestMatches(input, candidates, 1)[0];
}

/** "did you mean `a`?" / "did you mean `a` or `b`?", or undefined when nothing is close. */
export function didYouMean(input: string, candidates: Iterable<string>, limit = 1): string | undefined {
  const matches = closestMatches(input, candidates, limit);
  if (matches.length === 0) return undefined;
  return `did you mean ${matches.map((m) => `"${m}"`).join(' or ')}?`;
}
