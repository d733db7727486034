/** The outcome of reading a model's reply as JSON. */
export type ParsedJson = { ok: true; value: unknown; repaired: boolean } | { ok: false; error: string };

/**
 * Reads JSON from a model reply, repairing what models commonly add around it: Markdown code
 * fences, prose before or after the object, and trailing commas. A reply cut off mid-object is
 * not completed (that would silently drop what the model had left to say).
 */
export function parseModelJson(text: string): ParsedJson {
  const direct = tryParse(text.trim());
  if (direct.ok) return { ok: true, value: direct.value, repaired: false };
  const fenced = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(text)?.[1];
  for (const candidate of [fenced, firstBalancedObject(fenced ?? text), firstBalancedObject(text)]) {
    if (candidate === undefined) continue;
    for (const variant of [candidate, withoutTrailingCommas(candidate)]) {
      const parsed = tryParse(variant.trim());
      if (parsed.ok) return { ok: true, value: parsed.value, repaired: true };
    }
  }
  return { ok: false, error: direct.error };
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: text === '' ? 'the reply is empty' : `not JSON (${(error as Error).message})` };
  }
}

/** The first `{…}` of a text whose braces balance, strings taken into account. */
function firstBalancedObject(text: string): string | undefined {
  const start = text.indexOf('{');
  if (start < 0) return undefined;
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const character = text[index];
    if (inString) {
      if (character === '\\') index += 1;
      else if (character === '"') inString = false;
    } else if (character === '"') inString = true;
    else if (character === '{') depth += 1;
    else if (character === '}') {
      depth -= 1;
      if (depth === 0) return text.slice(start, index + 1);
    }
  }
  return undefined;
}

function withoutTrailingCommas(text: string): string {
  return text.replace(/,(\s*[}\]])/g, '$1');
}
