import type { RhizomeConfigInput } from '../../src/config/config-schema.js';

/** A schema for conversation memory: people, employers, places and things preferred; one employer, one home and one preference at a time. */
export const MEMORY_SCHEMA: NonNullable<RhizomeConfigInput['schema']> = {
  nodeTypes: [
    { name: 'Person', cues: { shapes: ['person-name'] } },
    { name: 'Organisation', cues: { suffixes: ['Labs', 'Systems'] } },
    { name: 'Location', cues: { shapes: ['place-name'] } },
    { name: 'Product', cues: { suffixes: ['Roast', 'Blend'] } },
  ],
  edgeTypes: [
    { name: 'WORKS_FOR', source: ['Person'], target: ['Organisation'], patterns: ['works for', 'works at', 'joined'], singleCurrent: true, currentPer: 'source' },
    { name: 'LIVES_IN', source: ['Person'], target: ['Location'], patterns: ['lives in', 'moved to'], singleCurrent: true, currentPer: 'source' },
    { name: 'PREFERS', source: ['Person'], target: ['Product'], patterns: ['prefers', 'now prefers'], singleCurrent: true, currentPer: 'source' },
  ],
};

/** The scripted conversation: a preference that changes, a job change, and a home stated wrongly then corrected. */
export const EPISODES = [
  { time: '2024-01-10', source: 'chat:1', text: 'Maya Lind prefers the Kestrel Roast.' },
  { time: '2024-02-01', source: 'chat:2', text: 'Maya Lind works for Tandem Labs.' },
  { time: '2024-03-05', source: 'chat:3', text: 'Maya Lind now prefers the Juniper Blend.' },
  { time: '2024-06-01', source: 'chat:4', text: 'Maya Lind joined Orbis Systems.' },
  { time: '2024-07-01', source: 'chat:5', text: 'Maya Lind lives in Oslo.' },
] as const;
