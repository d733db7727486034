import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRhizome } from '../../src/index.js';

/** A child process holding a workspace open until its stdin ends; resolves once it holds it. */
export async function holdWorkspace(workspace: string): Promise<ChildProcessWithoutNullStreams> {
  const holder = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), fileURLToPath(import.meta.url), workspace], { stdio: ['pipe', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    holder.stdout.on('data', (data: Buffer) => (data.toString().includes('READY') ? resolve() : undefined));
    holder.once('exit', (code) => reject(new Error(`holder exited early with ${code}`)));
  });
  return holder;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rhizome = createRhizome({ workspace: process.argv[process.argv.length - 1] as string });
  await rhizome.stats();
  process.stdout.write('READY\n');
  process.stdin.resume();
  process.stdin.on('end', async () => {
    await rhizome.close();
    process.exit(0);
  });
}
