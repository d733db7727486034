/** Version of the correction message; part of the cache key of every corrected request. */
export const CORRECT_REPLY_PROMPT_VERSION = 'correct-reply-1';

/** The longest part of a rejected reply quoted back to the model. */
const QUOTED_REPLY_CHARACTERS = 4000;

/** The rejected reply as the assistant turn of the correction conversation (shortened if long). */
export function quoteRejectedReply(text: string): string {
  return text.length > QUOTED_REPLY_CHARACTERS ? `${text.slice(0, QUOTED_REPLY_CHARACTERS)}…` : text;
}

/**
 * The user turn that asks the model to answer again after a reply could not be used: it states
 * the problem (cut off, not JSON, or the validation errors) and asks for the JSON object only.
 */
export function buildCorrectionMessage(problem: { reason: 'truncated' | 'invalid-json' | 'schema-mismatch'; detail: string }): string {
  const what =
    problem.reason === 'truncated'
      ? 'Your reply was cut off by the output limit before the JSON object was complete. Reply again with a shorter object: fewer items and shorter descriptions.'
      : problem.reason === 'invalid-json'
        ? `Your reply could not be read as JSON: ${problem.detail}.`
        : `Your reply did not match the required format: ${problem.detail}.`;
  return `${what}\nReply again with only the JSON object described above, with no other text.`;
}
