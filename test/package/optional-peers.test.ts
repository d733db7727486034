import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { installCommand, loadOptionalPeer, optionalPeers, type OptionalPeerName } from '../../src/package/optional-peers.js';
import { isRhizomeError } from '../../src/errors/rhizome-error.js';

const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as {
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  devDependencies: Record<string, string>;
  dependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};

test('package.json declares exactly the optional peers the error messages name, and the repo develops against them', () => {
  assert.deepEqual(manifest.peerDependencies, optionalPeers);
  for (const name of Object.keys(optionalPeers)) {
    assert.equal(manifest.peerDependenciesMeta[name]?.optional, true, `${name} is an optional peer`);
    assert.ok(manifest.devDependencies[name], `${name} stays a devDependency for the repo's own tests`);
    assert.equal(manifest.dependencies[name], undefined, `${name} is not a dependency`);
  }
  assert.equal(manifest.optionalDependencies, undefined, 'optional dependencies would be installed by default');
});

test('a configured peer that is not installed is a CONFIG_INVALID error naming the npm i line', async () => {
  const missing = Object.assign(new Error("Cannot find package 'neo4j-driver' imported from /app/x.js"), { code: 'ERR_MODULE_NOT_FOUND' });
  const error = await loadOptionalPeer('neo4j-driver', 'store.backend "neo4j"', () => Promise.reject(missing)).catch((caught: unknown) => caught);
  assert.ok(isRhizomeError(error, 'CONFIG_INVALID'));
  assert.match(error.message, /store\.backend "neo4j" needs the optional peer dependency neo4j-driver, which is not installed: run `npm i neo4j-driver@\^6\.3\.0`/);
  assert.equal(error.details.install, installCommand('neo4j-driver'));
});

test('a peer that is installed but fails to load keeps its own message', async () => {
  const broken = new Error('libllama.so: cannot open shared object file');
  const name: OptionalPeerName = 'node-llama-cpp';
  const error = await loadOptionalPeer(name, 'provider "llama-cpp"', () => Promise.reject(broken)).catch((caught: unknown) => caught);
  assert.ok(isRhizomeError(error, 'CONFIG_INVALID'));
  assert.match(error.message, /installed but failed to load .*libllama\.so/);
});
