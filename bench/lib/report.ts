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
    console.log(`  ${row.suite} · ${row.what}: ${row.value}${versus}${row.goal ? `  (goal ${row.goal})` : ''}${verdict}`);
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

  markdown(meta: { startedAt: Date; seconds: number; quick: boolean; commit: string }): string {
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
      '',
      'Every ratio compares the project with a reference measured in the same run on the same machine; load figures are',
      'medians of several alternating runs (project, reference, project, ...). Everything runs on loopback, so load',
      'generator, services, Postgres and Redis share the same cores.',
      '',
      this.table(),
      '',
    ];
    if (this.notes.length) parts.push('## Notes', '', ...this.notes.map((note) => `- ${note}`), '');
    for (const section of this.sections) parts.push(`## ${section.title}`, '', section.body, '');
    return parts.join('\n');
  }
}
