import { cpus, totalmem } from 'node:os';

/** One line of the final table: a figure, its reference (when there is one), the goal and whether it is met. */
export interface ResultRow {
  suite: string;
  what: string;
  value: string;
  reference?: string;
  ratio?: string;
  goal?: string;
  met?: boolean;
}

/** Collects rows and free-form sections (EXPLAIN plans, per-page bytes) as the suites produce them. */
export class Report {
  readonly rows: ResultRow[] = [];
  readonly sections: { title: string; body: string }[] = [];
  readonly notes: string[] = [];

  add(row: ResultRow): void {
    this.rows.push(row);
    const verdict = row.met === undefined ? '' : row.met ? '  [met]' : '  [NOT met]';
    const versus = row.reference ? `  vs ${row.reference}${row.ratio ? ` = ${row.ratio}` : ''}` : '';
    console.log(
      `  ${row.suite} · ${row.what}: ${row.value}${versus}${row.goal ? `  (goal ${row.goal})` : ''}${verdict}`,
    );
  }

  section(title: string, body: string): void {
    this.sections.push({ title, body });
  }

  note(text: string): void {
    this.notes.push(text);
    console.log(`  note: ${text}`);
  }

  table(): string {
    const header = '| suite | measurement | figure | reference (same run) | ratio | goal | met |';
    const lines = this.rows.map(
      (row) =>
        `| ${row.suite} | ${row.what} | ${row.value} | ${row.reference ?? ''} | ${row.ratio ?? ''} | ${row.goal ?? ''} | ${
          row.met === undefined ? '' : row.met ? 'yes' : '**no**'
        } |`,
    );
    return [header, '|---|---|---|---|---|---|---|', ...lines].join('\n');
  }

  /**
   * The results file. A run of some suites only (`BENCH_ONLY`) keeps the other suites' rows, notes and sections from
   * `previous` (the file as it was), so one suite's re-run does not erase the rest; the header says which came from where.
   */
  markdown(
    meta: { startedAt: Date; seconds: number; quick: boolean; commit: string },
    kept?: { previous: string; rowLabelsRun: ReadonlySet<string>; order: readonly string[] },
  ): string {
    const cpu = cpus();
    const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, Node ${process.version}, ${process.platform} ${process.arch}`;
    const parts = [
      '# Benchmark results',
      '',
      `Written by \`npm run bench\` (bench/run.ts). Do not edit by hand: run it again.`,
      '',
      `- date: ${meta.startedAt.toISOString()} (took ${Math.round(meta.seconds)} s)`,
      `- machine: ${machine}`,
      `- commit: ${meta.commit}`,
      meta.quick ? '- **BENCH_QUICK=1: short runs and a smaller data set; indicative only**' : '- full run',
      ...(kept ? [`- suites in this run: ${[...kept.rowLabelsRun].join(', ')}; ${keptFrom(kept.previous)}`] : []),
      '',
      'Every ratio compares the project with a reference measured in the same run on the same machine; load figures are',
      'medians of several alternating runs (project, reference, project, ...). Everything runs on loopback, so load',
      'generator, services, Postgres and Redis share the same cores.',
      '',
      kept ? mergedTable(this.table(), kept.previous, kept.rowLabelsRun, kept.order) : this.table(),
      '',
    ];
    const oldNotes = kept
      ? (sectionsOf(kept.previous).get('Notes') ?? '').split('\n').filter((line) => line.startsWith('- '))
      : [];
    const notes = [
      ...this.notes.map((note) => `- ${note}`),
      ...oldNotes
        .filter((line) => !line.startsWith('- at the '))
        .map((line) => (line.startsWith('- earlier run: ') ? line : `- earlier run: ${line.slice(2)}`)),
    ];
    if (notes.length) parts.push('## Notes', '', ...notes, '');
    for (const section of this.sections) parts.push(`## ${section.title}`, '', section.body, '');
    if (kept) {
      const fresh = new Set(this.sections.map((section) => section.title));
      for (const [title, body] of sectionsOf(kept.previous)) {
        if (title !== 'Notes' && !fresh.has(title)) parts.push(`## ${title}`, '', body, '');
      }
    }
    return parts.join('\n');
  }
}

/** `## Title` sections of a results file, in order, with their bodies (trimmed). */
function sectionsOf(markdown: string): Map<string, string> {
  const sections = new Map<string, string>();
  for (const part of markdown.split(/^## /m).slice(1)) {
    const newline = part.indexOf('\n');
    sections.set(part.slice(0, newline).trim(), part.slice(newline + 1).trim());
  }
  return sections;
}

function keptFrom(previous: string): string {
  const date = /^- date: (\S+)/m.exec(previous)?.[1];
  const commit = /^- commit: (.+)$/m.exec(previous)?.[1];
  return `the other suites' rows are kept from the run of ${date ?? 'an earlier date'} (commit ${commit ?? 'unknown'})`;
}

/** This run's rows for the suites it ran, the previous file's rows for the others, in suite order. */
function mergedTable(
  table: string,
  previous: string,
  labelsRun: ReadonlySet<string>,
  order: readonly string[],
): string {
  const [header, rule, ...rows] = table.split('\n');
  const oldRows = previous.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| suite |'));
  const labelOf = (row: string) => row.split(' | ')[0]!.slice(2).trim();
  const merged: string[] = [];
  for (const label of order)
    merged.push(...(labelsRun.has(label) ? rows : oldRows).filter((row) => labelOf(row) === label));
  // Rows of a suite this run named only by its option (a failed suite) go last, as they were printed.
  merged.push(...rows.filter((row) => !order.includes(labelOf(row))));
  return [header, rule, ...merged].join('\n');
}
