/** Moved to src/text/find-dates.ts; kept so extraction imports stay put while they are rewired. */
export * from '../../text/find-dates.js';
