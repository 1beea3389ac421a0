import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints the journeys as a table, one row per journey and one column per engine and cookie
 * policy, and below it what the shopper saw where a journey failed; also writes it to
 * test-results/engines/matrix.md (the table of issue 25).
 */
export default class MatrixReporter implements Reporter {
  private readonly outcomes = new Map<string, Map<string, string | null>>();
  private readonly projects: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name ?? '';
    if (!this.projects.includes(project)) this.projects.push(project);
    const row = test.titlePath().slice(-2).join(': ');
    const cells = this.outcomes.get(row) ?? new Map<string, string | null>();
    this.outcomes.set(row, cells);
    const message = result.error?.message?.split('\n')[0];
    cells.set(project, result.status === 'passed' ? null : (message ?? result.status));
  }

  onEnd(_result: FullResult): void {
    if (this.outcomes.size === 0) return;
    const projects = [...this.projects].sort();
    const lines = [`| journey | ${projects.join(' | ')} |`, `|---|${projects.map(() => '---').join('|')}|`];
    const notes: string[] = [];
    for (const [row, cells] of [...this.outcomes].sort(([a], [b]) => a.localeCompare(b))) {
      const marks = projects.map((project) => {
        if (!cells.has(project)) return '';
        const failure = cells.get(project);
        if (failure === null) return 'pass';
        notes.push(`- ${project}, ${row}: ${failure}`);
        return `FAIL (${notes.length})`;
      });
      lines.push(`| ${row} | ${marks.join(' | ')} |`);
    }
    const text = [...lines, '', ...notes.map((note, index) => note.replace(/^- /, `${index + 1}. `))].join('\n');
    const file = 'test-results/engines/matrix.md';
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${text}\n`);
    console.log(`\n${text}\n`);
  }
}
