import type { z } from 'zod';
import { mergeSchemaCues } from '../text/lang/merge-schema-cues.js';
import { builtInLanguagePacks } from '../text/lang/registry.js';
import type { GraphSchemaInput, typeCuesSchema } from './graph-schema.js';

type TypeCuesInput = z.input<typeof typeCuesSchema>;

const packCues = mergeSchemaCues(builtInLanguagePacks);

/** The built-in packs' cue words of a node type, with the name shapes (which need no words). */
function nodeCues(typeName: string, shapes?: TypeCuesInput['shapes']): TypeCuesInput {
  const cues = packCues.nodeTypes[typeName] ?? { before: [], after: [], suffixes: [] };
  return { suffixes: cues.suffixes, before: cues.before, after: cues.after, ...(shapes ? { shapes } : {}) };
}

/** The built-in packs' active and passive phrases of an edge type. */
function edgePhrases(typeName: string): { patterns: string[]; passivePatterns: string[] } {
  const phrases = packCues.edgeTypes[typeName];
  return { patterns: phrases?.patterns ?? [], passivePatterns: phrases?.passivePatterns ?? [] };
}

/**
 * The schema used when a config declares none: general business and technical documents, with
 * the cue words and relation phrases of the built-in language packs. Users replace it with their
 * own (see `rhizome init`).
 */
export const defaultGraphSchema: GraphSchemaInput = {
  nodeTypes: [
    {
      name: 'Person',
      description: 'A named human being.',
      properties: [{ name: 'role', type: 'STRING' }],
      cues: nodeCues('Person', ['person-name']),
    },
    {
      name: 'Organisation',
      description: 'A company, firm, supplier, manufacturer, contractor, public body, fund or team.',
      cues: nodeCues('Organisation'),
    },
    {
      name: 'Location',
      description: 'A place: site, town, city, region, building, structure or area.',
      cues: nodeCues('Location', ['place-name']),
    },
    {
      name: 'Project',
      description: 'A named project, programme, initiative or contract.',
      properties: [{ name: 'status', type: 'STRING' }],
      cues: nodeCues('Project'),
    },
    {
      name: 'Product',
      description: 'A product, component, device, system, model or code-named item.',
      cues: nodeCues('Product', ['code']),
    },
    {
      name: 'Event',
      description: 'A named event, incident, meeting or milestone.',
      cues: nodeCues('Event'),
    },
    { name: 'Concept', description: 'Any other named thing the text refers to.' },
  ],
  edgeTypes: [
    {
      name: 'LEADS',
      description: 'A person leads or heads a project or organisation.',
      source: ['Person'],
      target: ['Project', 'Organisation'],
      ...edgePhrases('LEADS'),
      singleCurrent: true,
    },
    {
      name: 'MANAGES',
      description: 'A person manages a site, contract, project or account.',
      source: ['Person'],
      target: ['Location', 'Project', 'Organisation', 'Product'],
      ...edgePhrases('MANAGES'),
      singleCurrent: true,
    },
    {
      name: 'WORKS_FOR',
      description: 'A person works for or represents an organisation.',
      source: ['Person'],
      target: ['Organisation'],
      ...edgePhrases('WORKS_FOR'),
    },
    {
      name: 'SUPPLIES',
      description: 'An organisation supplies a product or serves a project or organisation.',
      source: ['Organisation'],
      target: ['Product', 'Project', 'Organisation'],
      ...edgePhrases('SUPPLIES'),
      singleCurrent: true,
    },
    {
      name: 'MAKES',
      description: 'An organisation or site manufactures a product.',
      source: ['Organisation', 'Location'],
      target: ['Product'],
      ...edgePhrases('MAKES'),
      completedAct: true,
    },
    {
      name: 'USES',
      description: 'A project or organisation uses or integrates a product.',
      source: ['Project', 'Organisation'],
      target: ['Product'],
      ...edgePhrases('USES'),
    },
    {
      name: 'LOCATED_IN',
      description: 'Something is located at or based in a place.',
      source: ['Organisation', 'Project', 'Location', 'Product', 'Person'],
      target: ['Location'],
      ...edgePhrases('LOCATED_IN'),
    },
    {
      name: 'AUDITS',
      description: 'An organisation audits or inspects a site, project or organisation.',
      source: ['Organisation'],
      target: ['Location', 'Project', 'Organisation'],
      ...edgePhrases('AUDITS'),
    },
    {
      name: 'FUNDS',
      description: 'An organisation funds or finances a project.',
      source: ['Organisation'],
      target: ['Project', 'Organisation'],
      ...edgePhrases('FUNDS'),
    },
    {
      name: 'OWNS',
      description: 'An organisation owns another, or a site or product, having founded, bought or taken it over.',
      source: ['Organisation'],
      target: ['Organisation', 'Location', 'Product'],
      ...edgePhrases('OWNS'),
      singleCurrent: true,
    },
    {
      name: 'PART_OF',
      description: 'Something is a part, unit or subsidiary of something else.',
      source: ['Organisation', 'Project', 'Product', 'Location'],
      target: ['Organisation', 'Project', 'Product', 'Location'],
      ...edgePhrases('PART_OF'),
    },
  ],
};
