import { z } from 'zod';

/** An entity as the reviewer saw it: matched again by id, else by any of its names (ids follow the fullest name, which a new document can change). */
export const entityReferenceSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  type: z.string().min(1),
  aliases: z.array(z.string()),
});
export type EntityReference = z.infer<typeof entityReferenceSchema>;

/**
 * A relation as the reviewer saw it: matched again by id, else between the same two entities by
 * its evidence place (chunk, offset) or, when an edit of its document moved it, its evidence sentence.
 */
export const relationReferenceSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  source: entityReferenceSchema,
  target: entityReferenceSchema,
  chunkId: z.string().min(1),
  start: z.number().int(),
  evidence: z.string(),
});
export type RelationReference = z.infer<typeof relationReferenceSchema>;

const stamp = { id: z.string().min(1), at: z.string().min(1), note: z.string().optional() };

/**
 * One stored review decision. Relation and entity judgments (accept, reject, retype, reverse)
 * feed the precision report; every decision but accept changes the graph on each index run.
 */
export const reviewOverrideSchema = z.discriminatedUnion('action', [
  z.object({ ...stamp, action: z.literal('accept-relation'), relation: relationReferenceSchema }),
  z.object({ ...stamp, action: z.literal('reject-relation'), relation: relationReferenceSchema }),
  z.object({ ...stamp, action: z.literal('retype-relation'), relation: relationReferenceSchema, type: z.string().min(1) }),
  z.object({ ...stamp, action: z.literal('reverse-relation'), relation: relationReferenceSchema }),
  z.object({ ...stamp, action: z.literal('accept-entity'), entity: entityReferenceSchema }),
  z.object({ ...stamp, action: z.literal('reject-entity'), entity: entityReferenceSchema }),
  z.object({ ...stamp, action: z.literal('retype-entity'), entity: entityReferenceSchema, type: z.string().min(1) }),
  z.object({ ...stamp, action: z.literal('rename-entity'), entity: entityReferenceSchema, name: z.string().min(1) }),
  z.object({ ...stamp, action: z.literal('merge-entities'), entity: entityReferenceSchema, other: entityReferenceSchema }),
  z.object({ ...stamp, action: z.literal('split-alias'), entity: entityReferenceSchema, alias: z.string().min(1) }),
]);
export type ReviewOverride = z.infer<typeof reviewOverrideSchema>;
export type ReviewAction = ReviewOverride['action'];

/**
 * A decision as a reviewer or a script gives it, by the ids `rhizome review --sample` prints:
 * retype takes `type`, rename takes `name`, merge takes `otherEntityId` (merged into `entityId`),
 * split takes `alias` (an alias of `entityId`, or the merged name of one of its alias merges).
 */
export const reviewDecisionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['accept-relation', 'reject-relation', 'reverse-relation']), relationId: z.string().min(1), note: z.string().optional() }).strict(),
  z.object({ action: z.literal('retype-relation'), relationId: z.string().min(1), type: z.string().min(1), note: z.string().optional() }).strict(),
  z.object({ action: z.enum(['accept-entity', 'reject-entity']), entityId: z.string().min(1), note: z.string().optional() }).strict(),
  z.object({ action: z.literal('retype-entity'), entityId: z.string().min(1), type: z.string().min(1), note: z.string().optional() }).strict(),
  z.object({ action: z.literal('rename-entity'), entityId: z.string().min(1), name: z.string().min(1), note: z.string().optional() }).strict(),
  z.object({ action: z.literal('merge-entities'), entityId: z.string().min(1), otherEntityId: z.string().min(1), note: z.string().optional() }).strict(),
  z.object({ action: z.literal('split-alias'), entityId: z.string().min(1), alias: z.string().min(1), note: z.string().optional() }).strict(),
]);
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;
