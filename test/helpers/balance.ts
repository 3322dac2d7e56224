/**
 * Splits named jobs into two queues of about equal weight, heaviest first, each to the lighter queue:
 * the corpus suites run two child processes or workers side by side on these 2-core machines.
 */
export function balanceInTwo(names: readonly string[], weightOf: (name: string) => number): [string[], string[]] {
  const queues: [string[], string[]] = [[], []];
  const load = [0, 0];
  for (const name of [...names].sort((a, b) => weightOf(b) - weightOf(a))) {
    const lighter = load[0]! <= load[1]! ? 0 : 1;
    queues[lighter].push(name);
    load[lighter]! += weightOf(name);
  }
  return queues;
}
