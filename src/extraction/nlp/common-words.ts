/** Moved to src/text/words.ts; kept so extraction imports stay put while they are rewired. */
export * from '../../text/words.js';
