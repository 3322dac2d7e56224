import { distance } from 'fastest-levenshtein';
import { compareCodeUnits } from './diagnostic.js';

export interface RankOptions<T> {
  /** The text a candidate is compared and tie-broken by. */
  key: (candidate: T) => string;
  /** How far a candidate is from what was asked for; undefined rules it out. */
  cost: (candidate: T) => number | undefined;
  /** Candidates preferred over any other whatever their cost (a file of the same name, say). */
  prefer?: (candidate: T) => boolean;
  limit: number;
}

/**
 * The one ranking behind every "did you mean": candidates by preference, then cost, then key in
 * code-unit order (never locale, so suggestions are the same on every machine), the first `limit`.
 */
export function rankCandidates<T>(candidates: Iterable<T>, options: RankOptions<T>): T[] {
  const scored: Array<{ candidate: T; key: string; cost: number; preferred: boolean }> = [];
  for (const candidate of candidates) {
    const cost = options.cost(candidate);
    if (cost === undefined) continue;
    scored.push({ candidate, key: options.key(candidate), cost, preferred: options.prefer?.(candidate) ?? false });
  }
  scored.sort((a, b) => Number(b.preferred) - Number(a.preferred) || a.cost - b.cost || compareCodeUnits(a.key, b.key));
  return scored.slice(0, options.limit).map((s) => s.candidate);
}

/**
 * The edit distance between two texts when it is at most `budget`, else undefined. The distance is at
 * least the difference in length, so most candidates are ruled out unmeasured.
 */
export function distanceWithin(a: string, b: string, budget: number): number | undefined {
  if (Math.abs(a.length - b.length) > budget) return undefined;
  const d = distance(a, b);
  return d <= budget ? d : undefined;
}

/**
 * Candidates close to `input`, best first: case-insensitive equality, then edit distance within a
 * budget that grows with the length of the input (so `mnt` finds `mint` but `x` finds nothing).
 */
export function closestMatches(input: string, candidates: Iterable<string>, limit = 3): string[] {
  const needle = input.toLowerCase();
  const budget = Math.max(2, Math.floor(needle.length / 3));
  const cost = (candidate: string): number | undefined => {
    const hay = candidate.toLowerCase();
    if (hay === needle) return 0;
    if (hay.startsWith(needle) || needle.startsWith(hay)) {
      const score = 0.5 + Math.abs(hay.length - needle.length) / 100;
      return score <= budget ? score : undefined;
    }
    return distanceWithin(needle, hay, budget);
  };
  return rankCandidates(candidates, { key: (candidate) => candidate, cost, limit });
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
