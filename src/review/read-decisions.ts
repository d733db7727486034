import { RhizomeError } from '../errors/rhizome-error.js';

/**
 * Reads review decisions written as one JSON array (or one object), or as JSON lines (one
 * decision a line). INPUT_INVALID naming `origin` and the line for text that is neither; the
 * decisions themselves are checked when they are recorded.
 */
export function readDecisions(text: string, origin: string): unknown[] {
  const trimmed = text.trim();
  if (trimmed === '') throw new RhizomeError('INPUT_INVALID', `${origin}: no decision (give a JSON array of decisions, or one JSON decision a line)`);
  try {
    const whole = JSON.parse(trimmed) as unknown;
    return Array.isArray(whole) ? whole : [whole];
  } catch {
    // Not one JSON value: read it as JSON lines.
  }
  const decisions: unknown[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    try {
      decisions.push(JSON.parse(line));
    } catch (cause) {
      throw new RhizomeError('INPUT_INVALID', `${origin}, line ${index + 1}: not JSON (${(cause as Error).message})`, { cause });
    }
  });
  return decisions;
}
