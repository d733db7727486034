import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findDates } from '../../src/text/find-dates.js';
import { readSentenceValidity, saysTakesOver } from '../../src/text/sentence-validity.js';

test('a day and month with no year is read as the occurrence nearest the document date, and only with one', () => {
  assert.deepEqual(findDates('La prise de fonction interviendra le 1er avril.', '2024-03-04').map((date) => date.iso), ['2024-04-01']);
  assert.deepEqual(findDates('Une réunion aura lieu le 24 juin, puis le 30 juin 2024.', '2024-05-27').map((date) => date.iso), ['2024-06-24', '2024-06-30']);
  assert.deepEqual(findDates('The review on January 5 went well.', '2023-12-20').map((date) => date.iso), ['2024-01-05'], 'the nearest occurrence may be next year');
  assert.deepEqual(findDates('le 1er avril'), [], 'no reference date, no guess');
  assert.deepEqual(findDates('They may 3 times a day.', '2024-01-01'), [], 'a lower-case "may" is a verb');
});

test('a sentence says when its fact starts and ends', () => {
  const read = (sentence: string, documentDate: string, language: 'en' | 'fr') => readSentenceValidity(sentence, documentDate, language);
  assert.deepEqual(read('Après huit années à la tête de l\'hôpital, Jean Roux fera valoir ses droits à la retraite le 31 mars 2024.', '2024-03-04', 'fr'), { validFrom: null, validTo: '2024-03-31' });
  assert.deepEqual(read('La prise de fonction de Léa Morin, appelée à lui succéder, interviendra le 1er avril.', '2024-03-04', 'fr'), { validFrom: '2024-04-01', validTo: null }, 'a start phrase outweighs the ending one');
  assert.deepEqual(read('Le contrat qui le liait à Ardent ; celui-ci s\'achèvera le 30 juin 2024.', '2024-05-27', 'fr'), { validFrom: null, validTo: '2024-06-30' });
  assert.deepEqual(read('Dès le 1er juillet, les navettes seront confiées à Vireo.', '2024-05-27', 'fr'), { validFrom: '2024-07-01', validTo: null });
  assert.deepEqual(read('Du 1er mars au 30 juin 2024, Ana Ruiz dirige le site.', '2024-01-01', 'fr'), { validFrom: '2024-03-01', validTo: '2024-06-30' });
  assert.deepEqual(read('She led the plant from 2019 to 2022.', '2024-01-01', 'en'), { validFrom: '2019', validTo: '2022' }, 'years alone count beside a range');
  assert.deepEqual(read('Ana Ruiz has led Kite since March 2021.', '2024-01-10', 'en'), { validFrom: '2021-03', validTo: null });
  // A start inside an aside dates the aside when the sentence gives its own.
  assert.deepEqual(read('Colm Baptiste, her deputy since 2021, manages the depot from 1 March 2024.', '2024-01-15', 'en'), { validFrom: '2024-03-01', validTo: null });
  assert.deepEqual(read('Loïc Gendron, son adjoint depuis 2021, gère la station à partir du 1er avril 2024.', '2024-02-19', 'fr'), { validFrom: '2024-04-01', validTo: null });
  assert.deepEqual(read('Since 2021, Colm Baptiste has managed the depot.', '2024-01-15', 'en'), { validFrom: '2021', validTo: null });
  assert.deepEqual(read('Ana Ruiz will retire on June 30.', '2024-01-10', 'en'), { validFrom: null, validTo: '2024-06-30' });
  assert.deepEqual(read('Tom Hale, the former head of sales, spoke.', '2024-01-10', 'en'), { validFrom: null, validTo: '2024-01-10' }, 'an ended fact with no date ended by the time of writing');
  // A sentence saying its fact goes on as before ends nothing, whatever else it calls former.
  assert.deepEqual(read('Our contract with the firm continues unchanged; Kite now guarantees what its founders previously guaranteed.', '2024-05-07', 'en'), { validFrom: '2024-05-07', validTo: null });
  assert.deepEqual(read("Le contrat reste inchangé ; l'ancienne garantie des fondateurs est levée.", '2024-05-07', 'fr'), { validFrom: '2024-05-07', validTo: null });
  assert.deepEqual(read('Kite previously guaranteed the loan.', '2024-05-07', 'en'), { validFrom: null, validTo: '2024-05-07' }, 'without it the ending phrase still ends the fact');
  assert.deepEqual(read('Revenue of 2019 was up at Kite.', '2024-01-01', 'en'), { validFrom: '2024-01-01', validTo: null }, 'a year alone is no date');
  assert.deepEqual(read('Les navettes les conduisent jusqu\'au laboratoire.', '2024-01-10', 'fr'), { validFrom: '2024-01-10', validTo: null }, '"jusqu\'au" before a place is no end');
});

test('a text says who took whose place, whichever way round it is written', () => {
  const takes = (text: string, earlier: string, later: string, language: 'en' | 'fr') => saysTakesOver(text, [earlier], [later], language);
  const ended = 'Brook Works, which missed the deadline, has had its contract terminated. Vane Metal has been appointed to finish the job.';
  assert.equal(takes(ended, 'Brook Works', 'Vane Metal', 'en'), true, 'an ending phrase between, a starting phrase after');
  assert.equal(takes(ended, 'Vane Metal', 'Brook Works', 'en'), false, 'not the other way round');
  assert.equal(takes('Vane Metal replaces Brook Works on the gates.', 'Brook Works', 'Vane Metal', 'en'), true);
  assert.equal(takes('Vane Metal replaces Brook Works on the gates.', 'Vane Metal', 'Brook Works', 'en'), false);
  assert.equal(takes('Brook Works was replaced by Vane Metal in May.', 'Brook Works', 'Vane Metal', 'en'), true);
  assert.equal(takes('Brook Works and Vane Metal were both appointed.', 'Brook Works', 'Vane Metal', 'en'), false, 'a start alone replaces no one');
  assert.equal(takes('Le contrat de Garonne Services est résilié ; Dalmas est désormais chargée de la maintenance.', 'Garonne Services', 'Dalmas', 'fr'), true);
  assert.equal(takes('Dalmas succède à Garonne Services pour la maintenance.', 'Garonne Services', 'Dalmas', 'fr'), true);
  assert.equal(takes('Dalmas remplace un prestataire.', 'Garonne Services', 'Dalmas', 'fr'), false, 'an entity the text does not name took no place');
});
