import type { Entity } from '../../core/records.js';
import { FALLBACK_NODE_TYPE } from '../../config/graph-schema.js';
import { acrossLanguages } from '../../text/lang/registry.js';

/** Agent-noun endings of every registered language (a description's language is not known here). */
const agentEndings = acrossLanguages((packs) => [...new Set(packs.flatMap((pack) => pack.descriptors.agentNounEndings))]);

/** Agent nouns shorter than this are too often ordinary words ("user", "fer"). */
const MIN_AGENT_NOUN = 6;

/**
 * A one-word coined name that no cue typed but that the documents describe by a trade ("X,
 * hébergeur certifié", "Y, the operator of …") is a business: the agent noun says someone does a
 * trade, and a one-word name is no person's full name. Agent nouns the corpus also uses for its
 * people ("directeur", "manager") are roles, not trades, and type nothing. Returns the entities
 * it retyped.
 */
export function typeByTrade(entities: Entity[], personTypes: ReadonlySet<string>, organisationType: string | null): Entity[] {
  if (!organisationType) return [];
  const roles = new Set(entities.filter((entity) => personTypes.has(entity.type)).flatMap((entity) => entity.description.split(/[\s,;]+/u)));
  const endings = agentEndings();
  const isTrade = (word: string) => word.length >= MIN_AGENT_NOUN && !roles.has(word) && endings.some((ending) => word.endsWith(ending));
  const retyped: Entity[] = [];
  for (const entity of entities) {
    if (entity.type !== FALLBACK_NODE_TYPE || !/^\p{Lu}\p{Ll}+$/u.test(entity.name)) continue;
    if (!entity.description.split(/[\s,;]+/u).some(isTrade)) continue;
    entity.type = organisationType;
    retyped.push(entity);
  }
  return retyped;
}
