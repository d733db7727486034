/** How much a finding matters: `action` makes `rhizome doctor` exit non-zero. */
export type DoctorSeverity = 'action' | 'warning' | 'info';

/** One thing doctor found, with what to do about it and a few examples. */
export interface DoctorFinding {
  check: string;
  severity: DoctorSeverity;
  message: string;
  items?: string[];
}

/** The checks run, what they found, and whether anything needs action. */
export interface DoctorReport {
  workspace: string;
  checks: string[];
  findings: DoctorFinding[];
  needsAction: boolean;
}

/** Every check doctor runs, in the order it reports them. */
export const DOCTOR_CHECKS = ['lock', 'interrupted-run', 'schema-drift', 'integrity', 'off-schema-labels', 'orphan-nodes', 'duplicate-names', 'degree-outliers', 'communities', 'stale-reports', 'full-text-index', 'vectors'] as const;

/** A report over `findings`, ordered by check. */
export function doctorReport(workspace: string, findings: DoctorFinding[]): DoctorReport {
  const order = (finding: DoctorFinding) => (DOCTOR_CHECKS as readonly string[]).indexOf(finding.check);
  return { workspace, checks: [...DOCTOR_CHECKS], findings: [...findings].sort((left, right) => order(left) - order(right)), needsAction: findings.some((finding) => finding.severity === 'action') };
}
