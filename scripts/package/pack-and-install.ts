import { execFile } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A packed tarball installed, with nothing optional, into a fresh project. */
export interface PackedInstall {
  /** The fresh project: package.json, node_modules with the tarball installed. */
  projectDir: string;
  tarballPath: string;
  tarballBytes: number;
  /** Bytes of every file under the project's node_modules (apparent size, links not followed). */
  installBytes: number;
  /** Packages installed (folders holding a package.json directly under node_modules or a scope). */
  packageCount: number;
  /** The largest top-level packages (a scope's packages each on their own), biggest first. */
  largest: Array<{ name: string; bytes: number }>;
}

/** The README's install command for a packed tarball: nothing optional, no audit, no funding notice. */
export const INSTALL_ARGUMENTS = ['install', '--omit=optional', '--no-audit', '--no-fund'] as const;

/** Runs npm with a time limit; a failure carries npm's output. */
export async function runNpm(args: readonly string[], cwd: string, timeoutMs: number): Promise<string> {
  // Lifecycle variables of an enclosing `npm test` (npm_config_*, npm_package_*) must not leak in.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  try {
    const { stdout } = await run('npm', [...args], { cwd, env, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`npm ${args.join(' ')} failed in ${cwd}: ${(error as Error).message}\n${stdout ?? ''}\n${stderr ?? ''}`);
  }
}

/**
 * `npm pack`s the repository (its `prepare` builds dist/), then installs the tarball into a new
 * temporary project with `npm install --omit=optional`, the way a user without optional peers
 * gets it, and measures what landed in node_modules.
 */
export async function packAndInstall(repoRoot: string, timeoutMs = 240_000): Promise<PackedInstall> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'rhizome-pack-'));
  const packDir = path.join(root, 'pack');
  const projectDir = path.join(root, 'project');
  mkdirSync(packDir);
  mkdirSync(projectDir);
  const packed = JSON.parse(await runNpm(['pack', '--json', '--pack-destination', packDir], repoRoot, timeoutMs)) as Array<{ filename: string; size: number }>;
  const entry = packed[0];
  if (!entry) throw new Error('npm pack reported no tarball');
  const tarballPath = path.join(packDir, path.basename(entry.filename));
  writeFileSync(path.join(projectDir, 'package.json'), `${JSON.stringify({ name: 'rhizome-pack-check', private: true, type: 'module' }, null, 2)}\n`);
  await runNpm([...INSTALL_ARGUMENTS, tarballPath], projectDir, timeoutMs);
  const modules = path.join(projectDir, 'node_modules');
  return { projectDir, tarballPath, tarballBytes: entry.size, installBytes: folderBytes(modules), packageCount: countPackages(modules), largest: largestPackages(modules) };
}

/** Top-level packages of `modules` by size (nested node_modules counted with their parent), biggest first. */
function largestPackages(modules: string, count = 5): Array<{ name: string; bytes: number }> {
  const sizes: Array<{ name: string; bytes: number }> = [];
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const full = path.join(modules, entry.name);
    if (!entry.name.startsWith('@')) sizes.push({ name: entry.name, bytes: folderBytes(full) });
    else for (const scoped of readdirSync(full, { withFileTypes: true })) if (scoped.isDirectory()) sizes.push({ name: `${entry.name}/${scoped.name}`, bytes: folderBytes(path.join(full, scoped.name)) });
  }
  return sizes.sort((a, b) => b.bytes - a.bytes).slice(0, count);
}

function folderBytes(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) total += folderBytes(full);
    else if (entry.isFile()) total += lstatSync(full).size;
  }
  return total;
}

function countPackages(modules: string): number {
  let count = 0;
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const full = path.join(modules, entry.name);
    if (entry.name.startsWith('@')) count += countPackages(full);
    else {
      count += 1;
      const nested = path.join(full, 'node_modules');
      if (readdirSync(full).includes('node_modules')) count += countPackages(nested);
    }
  }
  return count;
}

/** The first ```ts block under the README's `## Library` heading: the library example users copy. */
export function readmeLibraryExample(readmePath: string): string {
  const text = readFileSync(readmePath, 'utf8');
  const section = text.slice(text.indexOf('\n## Library\n'));
  const match = /```ts\n([\s\S]*?)```/.exec(section);
  if (!section.startsWith('\n## Library\n') || !match?.[1]) throw new Error(`${readmePath}: no \`\`\`ts block under "## Library"`);
  return match[1];
}

/** Megabytes (10^6 bytes), one decimal. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}
