import { countTokens as countO200kTokens } from 'gpt-tokenizer';

// Document text is data: a literal "<|endoftext|>" in a file is counted as plain text, never rejected.
const plainTextOptions = { disallowedSpecial: new Set<string>() };

/**
 * Number of tokens in a text under the o200k_base encoding (GPT-4o and later), the default of gpt-tokenizer;
 * other models' tokenizers differ by a few percent, which the chunk budget absorbs.
 */
export function countTokens(text: string): number {
  return text === '' ? 0 : countO200kTokens(text, plainTextOptions);
}
