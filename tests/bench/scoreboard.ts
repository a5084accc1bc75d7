/**
 * The bench's one table of figures against their targets (issue 26): every section records the
 * figures a target names here, beside the target and the machine's own reference (its commit
 * rate, a bare route), and `npm run bench` prints them together at the top of its report.
 */

export interface Figure {
  /** The section that measured it (commits, rebuild, import, search, lag, assets, …). */
  readonly section: string;
  /** What was measured, in words ("appends/s at 16 clients, group commit"). */
  readonly name: string;
  /** The figure, null when the section could not measure it. */
  readonly value: number | null;
  /** Its unit ("events/s", "ms", "kB", "×"). */
  readonly unit: string;
  /** The target in words ("≥ 30,000", "≤ 50", "≥ 2× the commit rate"). */
  readonly target: string;
  /** Whether the target is met; null when no target applies (a reference figure). */
  readonly met: boolean | null;
  /** The machine's own reference beside it, in words ("single-row commits: 10,935/s"). */
  readonly reference?: string;
}

const figures: Figure[] = [];

export function recordFigure(figure: Figure): void {
  figures.push(figure);
}

/** A target "at least": met when value ≥ target. */
export function atLeast(section: string, name: string, value: number | null, target: number, unit: string, reference?: string): void {
  recordFigure({ section, name, value, unit, target: `≥ ${formatFigure(target)}`, met: value === null ? false : value >= target, reference });
}

/** A target "at most": met when value ≤ target. */
export function atMost(section: string, name: string, value: number | null, target: number, unit: string, reference?: string): void {
  recordFigure({ section, name, value, unit, target: `≤ ${formatFigure(target)}`, met: value === null ? false : value <= target, reference });
}

export function recordedFigures(): readonly Figure[] {
  return figures;
}

export function formatFigure(value: number): string {
  if (!Number.isFinite(value)) return '–';
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US');
  if (Math.abs(value) >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

/** The table, markdown, in the order the figures were recorded. */
export function scoreboardLines(): string[] {
  if (figures.length === 0) return [];
  const lines = ['### Targets (issue 26)', '', '| Section | Figure | Measured | Target | Met | Machine reference |', '|---|---|---:|---:|:-:|---|'];
  for (const figure of figures) {
    const value = figure.value === null ? 'not measured' : `${formatFigure(figure.value)} ${figure.unit}`;
    const met = figure.met === null ? '' : figure.met ? 'yes' : '**no**';
    lines.push(`| ${figure.section} | ${figure.name} | ${value} | ${figure.target} | ${met} | ${figure.reference ?? ''} |`);
  }
  lines.push('');
  return lines;
}
