import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The folder scripts/fetch-test-assets.sh fills (RHIZOME_ASSETS_DIR overrides it). */
export function testAssetsDir(): string {
  return process.env.RHIZOME_ASSETS_DIR ?? path.join(os.homedir(), '.cache', 'rhizome-test-assets');
}

/** The real models the LLM tests use, as fetched by scripts/fetch-test-assets.sh. */
export const TEST_ASSETS = {
  /** SmolLM2-135M-Instruct Q4_1 GGUF, for node-llama-cpp. */
  smollm2: { relative: 'smollm2/SmolLM2-135M-Instruct.Q4_1.gguf', check: 'SmolLM2-135M-Instruct.Q4_1.gguf' },
  /** all-MiniLM-L6-v2 int8 ONNX folder, for transformers.js. */
  minilm: { relative: 'minilm/all-MiniLM-L6-v2', check: 'onnx/model_quantized.onnx' },
} as const;

/** One located asset: its path, or the skip message naming the fetch script. */
export interface LocatedAsset {
  path: string;
  /** False when present; otherwise the reason to skip (node:test's `skip` option). */
  skip: false | string;
}

/**
 * Finds a test asset. When it is missing the tests that need it are skipped with a message
 * naming scripts/fetch-test-assets.sh, except under CI=true where a missing asset is a failure
 * (CI must run every test).
 */
export function locateTestAsset(name: keyof typeof TEST_ASSETS): LocatedAsset {
  const asset = TEST_ASSETS[name];
  const assetPath = path.join(testAssetsDir(), asset.relative);
  const present = existsSync(name === 'smollm2' ? assetPath : path.join(assetPath, asset.check));
  if (present) return { path: assetPath, skip: false };
  const message = `test asset ${name} missing at ${assetPath}: run scripts/fetch-test-assets.sh (or set RHIZOME_ASSETS_DIR)`;
  if (process.env.CI === 'true') throw new Error(`CI must run every test: ${message}`);
  return { path: assetPath, skip: message };
}
