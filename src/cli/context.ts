import { InvalidArgumentError, type Command } from 'commander';
import { loadConfig } from '../config/load-config.js';
import type { RhizomeConfigInput } from '../config/config-schema.js';
import { createRhizome, type Rhizome } from '../rhizome.js';

/** Options every command accepts. */
export interface GlobalOptions {
  workspace?: string;
  config?: string;
  quiet?: boolean;
}

/** Reads the global options of the root program. */
export function globalOptions(command: Command): GlobalOptions {
  let root = command;
  while (root.parent) root = root.parent;
  return root.opts<GlobalOptions>();
}

/** Loads configuration (defaults < file < env < flags) and opens a Rhizome; the caller closes it. */
export async function openRhizome(command: Command, overrides: RhizomeConfigInput = {}): Promise<Rhizome> {
  const options = globalOptions(command);
  const config = await loadConfig({
    ...(options.config ? { configPath: options.config } : {}),
    overrides: { ...overrides, ...(options.workspace ? { workspace: options.workspace } : {}) },
  });
  return createRhizome(config);
}

/** Runs `work` with an open Rhizome and always closes it. */
export async function withRhizome<T>(command: Command, work: (rhizome: Rhizome) => Promise<T>, overrides: RhizomeConfigInput = {}): Promise<T> {
  const rhizome = await openRhizome(command, overrides);
  try {
    return await work(rhizome);
  } finally {
    await rhizome.close();
  }
}

/** Parses a positive integer flag, naming the flag in the error. */
export function parsePositiveInteger(name: string): (value: string) => number {
  return (value: string) => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed <= 0) throw new InvalidArgumentError(`${name} must be a positive integer (got "${value}")`);
    return parsed;
  };
}
