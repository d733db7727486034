import { RhizomeError } from '../errors/rhizome-error.js';

/**
 * The heavy packages Rhizome can use but does not install: each is a peer dependency marked
 * optional in package.json (with these ranges; a test keeps the two in step), imported only
 * when the configuration chooses it.
 */
export const optionalPeers = {
  'node-llama-cpp': '^3.21.1',
  '@huggingface/transformers': '^4.3.2',
  'neo4j-driver': '^6.3.0',
} as const;

/** The name of one optional peer dependency. */
export type OptionalPeerName = keyof typeof optionalPeers;

/** The command that installs an optional peer, such as `npm i neo4j-driver@^6.3.0`. */
export function installCommand(name: OptionalPeerName): string {
  return `npm i ${name}@${optionalPeers[name]}`;
}

/**
 * Imports an optional peer through `load` (a literal `import('…')`, so types follow). A
 * package that is not installed is a CONFIG_INVALID error naming the setting that chose it and
 * the `npm i` line; a package that is installed but fails to load keeps its own message.
 */
export async function loadOptionalPeer<T>(name: OptionalPeerName, configuredBy: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (cause) {
    const details = { package: name, range: optionalPeers[name], install: installCommand(name) };
    if (isPackageMissing(cause, name)) {
      throw new RhizomeError('CONFIG_INVALID', `${configuredBy} needs the optional peer dependency ${name}, which is not installed: run \`${installCommand(name)}\``, { cause, details });
    }
    throw new RhizomeError('CONFIG_INVALID', `${configuredBy} needs ${name}, which is installed but failed to load (reinstall it with \`${installCommand(name)}\`): ${(cause as Error).message}`, { cause, details });
  }
}

function isPackageMissing(error: unknown, name: string): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && typeof message === 'string' && message.includes(`'${name}'`);
}
