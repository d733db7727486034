import type { Command } from 'commander';
import type { DoctorFinding } from '../../doctor/doctor-report.js';
import { DOCTOR_ACTION_EXIT_CODE } from '../exit-codes.js';
import { bold, printJson, printLine } from '../output.js';
import { withRhizome } from '../context.js';

const LABELS: Record<DoctorFinding['severity'], string> = { action: 'ACTION ', warning: 'warning', info: 'info   ' };

/** `rhizome doctor`: the workspace's health; exits 8 when something needs action, saying what. */
export function registerDoctorCommand(program: Command): void {
  program
    .command('doctor')
    .description('check the workspace: lock, interrupted runs, schema drift, integrity, off-schema labels, orphans, duplicate names, degree outliers, communities, stale reports, full-text index, vectors')
    .option('--json', 'print the report as JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      const report = await withRhizome(command, (rhizome) => rhizome.doctor());
      if (options.json) printJson(report);
      else {
        printLine(bold(report.needsAction ? 'Needs action' : report.findings.length === 0 ? 'Healthy' : 'Healthy (with notes)'));
        printLine(`  workspace   ${report.workspace}`);
        printLine(`  checked     ${report.checks.join(', ')}`);
        for (const finding of report.findings) {
          printLine(`  ${LABELS[finding.severity]} ${finding.check}: ${finding.message}`);
          for (const item of finding.items ?? []) printLine(`            · ${item}`);
        }
      }
      if (report.needsAction) process.exitCode = DOCTOR_ACTION_EXIT_CODE;
    });
}
