/** A small seeded pseudo-random generator (mulberry32), so generated texts are the same on every run. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const fragments = [
  'The board approved the business case',
  'Dr. T. Wierzba reviewed the design',
  'growth reached 3.8% in Q3',
  'Mme. Dupont signa le contrat',
  'see Fig. 4, e.g. the signal plan',
  'Greyline Haulage Ltd. won',
  '"Why?" she asked',
  'l’équipe a déménagé à Fenwick',
  'wait... and then',
  'Altaïr 🚀 telemetry',
  '(CBIA) awarded the grant',
  'J.-P. Durand arrived',
  'item',
];
const joiners = [' ', ' ', ' ', '. ', '. ', '! ', '? ', ', ', '; ', '.\n', '\n', '\n\n', '\n- ', '\n# ', '...  ', '.» ', '\t', '\r'];

/** Builds a messy text from sentence fragments, punctuation and line breaks of every kind the splitter handles. */
export function buildRandomText(random: () => number, pieceCount: number): string {
  let text = random() < 0.3 ? '  \n' : '';
  for (let index = 0; index < pieceCount; index += 1) {
    text += pick(random, fragments) + pick(random, joiners);
  }
  return text;
}

function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('cannot pick from an empty list');
  return item;
}
