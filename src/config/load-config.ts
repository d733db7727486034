import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { RhizomeError } from '../errors/rhizome-error.js';
import { configSchema, type RhizomeConfig, type RhizomeConfigInput } from './config-schema.js';
import { findUnknownKeys, type UnknownKey } from './unknown-keys.js';
import { readEnvironment } from './read-environment.js';

/** Config file names looked up, in order, in the working directory. */
export const CONFIG_FILE_NAMES = ['rhizome.config.ts', 'rhizome.config.mts', 'rhizome.config.js', 'rhizome.config.mjs', 'rhizome.config.json'];

/** Where configuration comes from; later sources win (defaults < file < env < flags). */
export interface ConfigSources {
  cwd?: string;
  /** Explicit config file; otherwise the first of CONFIG_FILE_NAMES in `cwd`. */
  configPath?: string;
  /** Environment variables (defaults to process.env merged over `cwd/.env`). */
  env?: Record<string, string | undefined>;
  /** Values from CLI flags, already shaped like the config. */
  overrides?: RhizomeConfigInput;
}

/** Loads, merges and validates configuration; errors name the file and the field. */
export async function loadConfig(sources: ConfigSources = {}): Promise<RhizomeConfig> {
  const cwd = sources.cwd ?? process.cwd();
  const configPath = sources.configPath ? path.resolve(cwd, sources.configPath) : findConfigFile(cwd);
  const fromFile = configPath ? await readConfigFile(configPath) : {};
  const env = sources.env ?? readEnvironment(cwd);
  const merged = deepMerge(deepMerge(fromFile, configFromEnv(env)), sources.overrides ?? {});
  const config = validateConfig(merged, configPath ?? 'configuration');
  return { ...config, workspace: path.resolve(cwd, config.workspace) };
}

/** Validates a config object; the error lists each bad field by its path, and each unknown key with the nearest declared one. */
export function validateConfig(input: unknown, origin = 'configuration'): RhizomeConfig {
  const unknown = findUnknownKeys(configSchema, input);
  if (unknown.length > 0) throw new RhizomeError('CONFIG_INVALID', `${origin}: ${unknown.map(formatUnknownKey).join('; ')}`, { details: { unknownKeys: unknown } });
  const result = configSchema.safeParse(input);
  if (result.success) return result.data;
  throw new RhizomeError('CONFIG_INVALID', `${origin}: ${formatIssues(result.error)}`, { details: { issues: result.error.issues } });
}

function formatUnknownKey(unknown: UnknownKey): string {
  const where = [...unknown.path, unknown.key].join('.');
  return `unknown key "${where}" (${unknown.suggestion ? `did you mean \`${unknown.suggestion}\`?` : `expected one of ${unknown.declared.join(', ')}`})`;
}

function formatIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `field "${issue.path.join('.') || '(root)'}": ${issue.message}`).join('; ');
}

function findConfigFile(cwd: string): string | undefined {
  return CONFIG_FILE_NAMES.map((name) => path.join(cwd, name)).find((candidate) => existsSync(candidate));
}

async function readConfigFile(configPath: string): Promise<Record<string, unknown>> {
  if (!existsSync(configPath)) throw new RhizomeError('CONFIG_NOT_FOUND', `config file not found: ${configPath}`);
  if (configPath.endsWith('.json')) {
    try {
      return JSON.parse(readFileSync(configPath, 'utf8')) as Record<string, unknown>;
    } catch (cause) {
      throw new RhizomeError('CONFIG_INVALID', `${configPath}: not valid JSON (${(cause as Error).message})`, { cause });
    }
  }
  try {
    const loaded = configPath.match(/\.m?ts$/)
      ? ((await (await import('tsx/esm/api')).tsImport(pathToFileURL(configPath).href, import.meta.url)) as { default?: unknown })
      : ((await import(pathToFileURL(configPath).href)) as { default?: unknown });
    const value = loaded.default;
    const config = value && typeof value === 'object' && 'default' in value ? (value as { default: unknown }).default : value;
    if (!config || typeof config !== 'object') throw new Error('the module has no default export object');
    return config as Record<string, unknown>;
  } catch (cause) {
    if (cause instanceof RhizomeError) throw cause;
    throw new RhizomeError('CONFIG_INVALID', `${configPath}: could not load (${(cause as Error).message})`, { cause });
  }
}

/** RHIZOME_* variables understood, and the config path each one sets. */
const ENV_PATHS: Record<string, { path: string[]; kind: 'string' | 'number' | 'boolean' }> = {
  RHIZOME_WORKSPACE: { path: ['workspace'], kind: 'string' },
  RHIZOME_STORE: { path: ['store', 'backend'], kind: 'string' },
  RHIZOME_BUFFER_POOL_MB: { path: ['store', 'bufferPoolMb'], kind: 'number' },
  RHIZOME_CHUNK_TOKENS: { path: ['chunking', 'maxTokens'], kind: 'number' },
  RHIZOME_CHUNK_OVERLAP: { path: ['chunking', 'overlapTokens'], kind: 'number' },
  RHIZOME_QUERY_MODE: { path: ['query', 'defaultMode'], kind: 'string' },
  RHIZOME_TOP_K: { path: ['query', 'topK'], kind: 'number' },
  RHIZOME_CONTEXT_TOKENS: { path: ['query', 'contextTokens'], kind: 'number' },
  RHIZOME_COOCCURRENCE: { path: ['extraction', 'cooccurrence'], kind: 'boolean' },
};

/** Names of the environment variables Rhizome reads. */
export const ENVIRONMENT_VARIABLES = Object.keys(ENV_PATHS);

function configFromEnv(env: Record<string, string | undefined>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, target] of Object.entries(ENV_PATHS)) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    let value: unknown = raw;
    if (target.kind === 'number') {
      value = Number(raw);
      if (!Number.isFinite(value)) throw new RhizomeError('CONFIG_INVALID', `environment variable ${name}: "${raw}" is not a number`);
    } else if (target.kind === 'boolean') {
      if (!['true', 'false', '1', '0'].includes(raw)) throw new RhizomeError('CONFIG_INVALID', `environment variable ${name}: "${raw}" is not true or false`);
      value = raw === 'true' || raw === '1';
    }
    setPath(result, target.path, value);
  }
  return result;
}

function setPath(target: Record<string, unknown>, keys: string[], value: unknown): void {
  let cursor = target;
  keys.slice(0, -1).forEach((key) => {
    cursor[key] = (cursor[key] as Record<string, unknown> | undefined) ?? {};
    cursor = cursor[key] as Record<string, unknown>;
  });
  cursor[keys[keys.length - 1] as string] = value;
}

/** Merges plain objects recursively; arrays and scalars from `override` replace `base`. */
export function deepMerge(base: Record<string, unknown>, override: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (value === undefined) continue;
    const current = result[key];
    result[key] = isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
  }
  return result;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
