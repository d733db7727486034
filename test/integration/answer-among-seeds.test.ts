import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { indexedTexts } from '../helpers/indexed-texts.js';

/**
 * A question that names no entity describes an event; the passage nearest to it tells the event,
 * another passage says who installed what the event was about. The entities of every near passage
 * seed the paths, and one of them is the answer.
 */
const TEXTS: Record<string, string> = {
  'incident.txt': 'Incident report: foam discharge in Hangar 7\n\nOn 3 March 2023 the QX-90 foam suppression system in Hangar 7 discharged without a fire. Aircraft 512 of Kestrel Air was covered in foam and the hangar was evacuated. Nobody was hurt.',
  'contract.txt': 'Contract award: foam suppression for Hangar 7\n\nBrantwell Fire Systems has won the contract to supply and install QX-90 foam suppression systems in Hangar 7. The QX-90 uses flame detectors linked to foam generators.',
  'servicing.txt': 'Servicing contract\n\nFrom June 2023, Tollan Safety Services will maintain the QX-90 foam systems. Tollan will test the flame detectors every quarter.',
  'canteen.txt': 'Canteen news\n\nThe canteen of Hangar 7 reopened in April with a new menu from Marlow Catering.',
};

describe('a path may end on an entity of a near passage when the question names none', () => {
  const indexed = indexedTexts(TEXTS);

  test('the installer, named in the second passage, answers; what the nearest passage names does not', async () => {
    const answer = await indexed.rhizome().query('Which company installed the foam suppression system that discharged without a fire in March 2023?', { mode: 'hybrid' });
    assert.match(answer.answer, /^Brantwell Fire Systems\b/, `${answer.answer}\n${answer.paths.join('\n')}`);
    assert.ok(!answer.paths.some((path) => /Kestrel Air$/.test(path)), answer.paths.join('\n'));
  });
});
