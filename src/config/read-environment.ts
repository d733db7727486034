import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

/** Environment variables as Rhizome reads them: names to values, unset names absent. */
export type Environment = Record<string, string | undefined>;

/** The variables of `<cwd>/.env` (none when the file is missing). */
export function readDotEnv(cwd: string): Record<string, string> {
  const file = path.join(cwd, '.env');
  if (!existsSync(file)) return {};
  return parseEnv(readFileSync(file, 'utf8')) as Record<string, string>;
}

/** The `.env` of `cwd` under the real environment, which wins (read when called, never at import). */
export function readEnvironment(cwd: string = process.cwd()): Environment {
  return { ...readDotEnv(cwd), ...process.env };
}
