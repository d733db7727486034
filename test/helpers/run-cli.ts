import { spawnSync } from 'node:child_process';
import path from 'node:path';

const CLI = path.resolve('src/cli/main.ts');

/** Runs the `rhizome` command line from source in `cwd` and returns its exit code and output. */
export function runCli(cwd: string, ...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
