import type { SchemaCues } from './language-pack.js';

/** The English cue words and relation phrases of the default schema. */
export const englishSchemaCues: SchemaCues = {
  nodeTypes: {
    Person: {
      before: ['dr', 'dr.', 'mr', 'mr.', 'mrs', 'mrs.', 'ms', 'ms.', 'prof', 'prof.', 'sir', 'dear'],
      after: ['said', 'says', 'explained', 'reported', 'wrote', 'joined'],
    },
    Organisation: {
      suffixes: [
        'ltd', 'limited', 'inc', 'inc.', 'llc', 'llp', 'lp', 'plc', 'pty', 'bv', 'nv', 'corp', 'corporation', 'company', 'co', 'group', 'gmbh', 'ag', 'authority', 'agency', 'council',
        'ministry', 'department', 'bank', 'fund', 'foundation', 'university', 'institute', 'association', 'consulting', 'consultants', 'partners',
        'systems', 'solutions', 'technologies', 'labs', 'laboratories', 'industries', 'logistics', 'robotics', 'optics', 'electronics', 'dynamics',
        'networks', 'software', 'energy', 'motors', 'airlines', 'pharma', 'pharmaceuticals', 'media', 'instruments', 'assurance', 'insurance',
        'security', 'capital', 'ventures', 'trust', 'pumps', 'controls', 'telecom', 'communications', 'aerospace', 'materials', 'chemicals', 'foods',
        'studios', 'architects', 'advisory', 'audit', 'haulage', 'engineering', 'signalling', 'analytics', 'services', 'holdings', '*ics',
      ],
      before: [
        'company', 'firm', 'supplier', 'contractor', 'vendor', 'manufacturer', 'consultancy', 'operator', 'partner', 'agreement with', 'contract with', 'signed with', 'awarded to',
        'partnership with', 'supplied by', 'manufactured by', 'sponsor', 'funder', 'donor',
      ],
      // Contracts are won by firms: "X has won the contract to …", "X wins the contract".
      after: ['ltd', 'inc', 'has won the contract', 'won the contract', 'wins the contract'],
    },
    Location: {
      suffixes: [
        'street', 'road', 'lane', 'avenue', 'crescent', 'terrace', 'junction', 'interchange', 'crossing', 'square', 'bridge', 'viaduct', 'tunnel', 'station', 'yard', 'depot', 'plant', 'site', 'port', 'harbour', 'harbor',
        'airport', 'district', 'county', 'city', 'town', 'village', 'river', 'lake', 'valley', 'park', 'centre', 'center', 'campus', 'works', 'warehouse', 'reservoir',
        'dam', 'terminal', 'hospital', 'clinic', 'school', 'college', 'museum', 'library', 'stadium', 'airfield', 'hotel', 'farm', 'mine', 'quarry',
        'quay', 'wharf', 'pier', 'dock', 'docks', 'jetty', 'berth', 'marina', 'lock', 'basin', 'bay', 'island', 'estuary', 'canal', 'point', 'head',
        'hill', 'moor', 'forest', 'beach',
      ],
      before: [
        'near', 'site', 'town', 'city', 'district', 'village', 'plant in', 'plant at', 'site in', 'site at', 'factory in', 'factory at', 'facility in', 'facility at',
        'based in', 'located in', 'located at', 'installed in', 'installed at', 'headquartered in', 'held in',
      ],
    },
    Project: {
      before: ['project', 'programme', 'program', 'initiative'],
      after: ['project', 'programme', 'program', 'initiative', 'scheme', 'upgrade'],
    },
    Product: {
      before: ['model', 'product', 'device', 'component', 'batch'],
      after: ['modem', 'modems', 'sensor', 'sensors', 'device', 'devices', 'unit', 'units', 'cards', 'card', 'system', 'platform', 'software', 'controller', 'controllers', 'pump', 'pumps'],
    },
    Event: {
      after: ['incident', 'outage', 'conference', 'summit', 'meeting', 'review', 'audit'],
    },
  },
  edgeTypes: {
    LEADS: {
      patterns: ['leads', 'lead of', 'will lead', 'to lead', 'led', 'heads', 'head of', 'directs', 'director of', 'chairs', 'in charge of', 'responsible for', 'appointed lead of'],
      passivePatterns: ['led by', 'headed by', 'directed by', 'chaired by'],
    },
    MANAGES: {
      patterns: ['manages', 'managed', 'manager of', 'runs', 'supervises'],
      passivePatterns: ['managed by', 'run by', 'supervised by'],
    },
    WORKS_FOR: {
      patterns: ['works for', 'works at', 'employed by', 'joined', 'of', 'at'],
      passivePatterns: ['employs', 'hired'],
    },
    SUPPLIES: {
      patterns: ['supplies', 'supplied', 'provides', 'provided', 'delivers', 'sells', 'supplier of', 'for the supply of'],
      passivePatterns: ['supplied by', 'provided by', 'delivered by', 'sourced from'],
    },
    MAKES: {
      patterns: ['makes', 'manufactures', 'produces', 'builds', 'assembles'],
      passivePatterns: ['made by', 'manufactured by', 'produced by', 'built by', 'assembled by'],
    },
    USES: {
      patterns: ['uses', 'used', 'integrates', 'relies on', 'deploys', 'installs', 'adopts'],
      passivePatterns: ['used by', 'used in', 'integrated into', 'integrated in', 'deployed by', 'standard for'],
    },
    LOCATED_IN: {
      patterns: ['located in', 'located at', 'based in', 'based at', 'in', 'at', 'relocates to', 'moved to', 'carried out at'],
      passivePatterns: ['hosts', 'houses'],
    },
    AUDITS: {
      patterns: ['audited', 'audits', 'inspected', 'inspects', 'reviewed', 'audit of'],
      passivePatterns: ['audited by', 'inspected by', 'reviewed by'],
    },
    FUNDS: {
      patterns: ['funds', 'funded', 'finances', 'financed', 'grant to', 'awarded a grant to'],
      passivePatterns: ['funded by', 'financed by', 'grant from'],
    },
    OWNS: {
      patterns: ['owns', 'owned', 'acquired', 'acquires', 'has acquired', 'bought', 'has bought', 'took over', 'has taken over', 'parent company of', 'owner of'],
      passivePatterns: ['owned by', 'acquired by', 'bought by', 'taken over by', 'sold to'],
    },
    PART_OF: {
      patterns: ['part of', 'subsidiary of', 'division of', 'unit of', 'stage of', 'phase of'],
      passivePatterns: ['includes', 'comprises'],
    },
  },
};
