import { llmConfigSchema, type LlmConfig } from '../../src/config/model-config.js';
import type { ChatModel } from '../../src/llm/chat-model.js';
import { createChatModel, type ModelRuntimeOptions } from '../../src/llm/create-chat-model.js';
import { UsageMeter } from '../../src/llm/usage-meter.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import type { ReplayServer } from './replay-server.js';

/** The environment variable the replay tests name in `llm.apiKeyEnv`. */
export const REPLAY_KEY_VARIABLE = 'RHIZOME_TEST_REPLAY_API_KEY';
/** The key the replay server expects. */
export const REPLAY_KEY = 'replay-test-key';

/** An `llm` config for the openai-compatible provider pointed at the replay server. */
export function replayConfig(server: ReplayServer, overrides: Partial<LlmConfig> = {}): LlmConfig {
  return llmConfigSchema.parse({ provider: 'openai-compatible', model: 'smollm2-replay', baseUrl: server.baseUrl, apiKeyEnv: REPLAY_KEY_VARIABLE, timeoutMs: 2000, maxRetries: 3, maxOutputTokens: 400, ...overrides });
}

/** The full middleware stack over the AI SDK adapter, talking to the replay server; short backoff. */
export async function createReplayModel(server: ReplayServer, overrides: Partial<LlmConfig> = {}, runtime: Partial<ModelRuntimeOptions> = {}): Promise<{ model: ChatModel; usage: UsageMeter; config: LlmConfig; cacheDirectory: string }> {
  process.env[REPLAY_KEY_VARIABLE] = REPLAY_KEY;
  const usage = runtime.usage ?? new UsageMeter();
  const config = replayConfig(server, overrides);
  const cacheDirectory = runtime.cacheDirectory ?? makeTempDir('rhizome-llm-cache-');
  const model = await createChatModel(config, { workspace: cacheDirectory, retry: { baseDelayMs: 20 }, ...runtime, cacheDirectory, usage });
  return { model, usage, config, cacheDirectory };
}
