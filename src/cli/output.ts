import pc from 'picocolors';

/** Writes a line to standard output. */
export function printLine(text = ''): void {
  process.stdout.write(`${text}\n`);
}

/** Writes machine-readable JSON to standard output. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Writes a diagnostic to standard error. */
export function printError(text: string): void {
  process.stderr.write(`${pc.red('error')} ${text}\n`);
}

/** Writes a warning to standard error. */
export function printWarning(text: string): void {
  process.stderr.write(`${pc.yellow('warning')} ${text}\n`);
}

/** Bold text when colour is on. */
export const bold = pc.bold;
/** Dim text when colour is on. */
export const dim = pc.dim;
