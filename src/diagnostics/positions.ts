/** Offset -> 1-based line/column, by binary search over line starts. Handles \n, \r\n and lone \r. */
export class LineIndex {
  private readonly lineStarts: number[];

  constructor(readonly text: string) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 10 /* \n */) starts.push(i + 1);
      else if (ch === 13 /* \r */) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    this.lineStarts = starts;
  }

  /** 1-based line and column of a 0-based offset (clamped into the text). */
  locate(offset: number): { line: number; column: number } {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.lineStarts[mid] ?? 0) <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: clamped - (this.lineStarts[low] ?? 0) + 1 };
  }

  /** 0-based offset of a 1-based line/column. */
  offsetOf(line: number, column: number): number {
    const start = this.lineStarts[Math.max(0, Math.min(line - 1, this.lineStarts.length - 1))] ?? 0;
    return Math.min(start + column - 1, this.text.length);
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }
}
