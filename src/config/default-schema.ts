import type { GraphSchemaInput } from './graph-schema.js';

/**
 * The schema used when a config declares none: general business and technical documents,
 * English and French cue words. Users replace it with their own (see `rhizome init`).
 */
export const defaultGraphSchema: GraphSchemaInput = {
  nodeTypes: [
    {
      name: 'Person',
      description: 'A named human being.',
      properties: [{ name: 'role', type: 'STRING' }],
      cues: {
        before: ['dr', 'dr.', 'dre', 'dre.', 'pr', 'pr.', 'me', 'me.', 'mr', 'mr.', 'mrs', 'mrs.', 'ms', 'ms.', 'prof', 'prof.', 'sir', 'madame', 'monsieur', 'mme', 'm.', 'mlle', 'docteur', 'professeur', 'dear', 'cher', 'chère'],
        after: ['said', 'says', 'explained', 'reported', 'wrote', 'joined', 'a déclaré', 'a expliqué', 'a rejoint', 'rejoint', 'dirige'],
        shapes: ['person-name'],
      },
    },
    {
      name: 'Organisation',
      description: 'A company, firm, supplier, manufacturer, contractor, public body, fund or team.',
      cues: {
        suffixes: ['ltd', 'limited', 'inc', 'inc.', 'llc', 'plc', 'corp', 'corporation', 'company', 'co', 'group', 'gmbh', 'ag', 'sa', 'sas', 'sarl', 'authority', 'agency', 'council', 'ministry', 'department', 'bank', 'fund', 'foundation', 'university', 'institute', 'association', 'consulting', 'consultants', 'partners', 'systems', 'solutions', 'technologies', 'labs', 'laboratories', 'industries', 'logistics', 'robotics', 'optics', 'electronics', 'dynamics', 'networks', 'software', 'energy', 'motors', 'airlines', 'pharma', 'pharmaceuticals', 'media', 'instruments', 'assurance', 'insurance', 'security', 'capital', 'ventures', 'trust', 'pumps', 'controls', 'telecom', 'communications', 'aerospace', 'materials', 'chemicals', 'foods', 'studios', 'architects', 'advisory', 'audit', 'robotique', 'optique', 'électronique', 'assurances', 'transports', 'haulage', 'engineering', 'signalling', 'analytics', 'services', 'holdings', 'conseil', 'composants', 'logistique', 'industrie', 'ingénierie', 'société', 'groupe', 'banque', 'fonds', 'université', '*ics'],
        before: ['company', 'firm', 'supplier', 'contractor', 'vendor', 'manufacturer', 'consultancy', 'operator', 'partner', 'agreement with', 'contract with', 'partnership with', 'supplied by', 'manufactured by', 'société', 'entreprise', 'cabinet', 'fournisseur', 'prestataire', 'fabricant', 'groupe', 'agence', 'contrat avec', 'accord avec', 'partenariat avec', 'fourni par', 'fournis par', 'fournie par', 'fournies par'],
        after: ['ltd', 'inc'],
      },
    },
    {
      name: 'Location',
      description: 'A place: site, town, city, region, building, structure or area.',
      cues: {
        suffixes: ['street', 'road', 'avenue', 'square', 'bridge', 'viaduct', 'tunnel', 'station', 'yard', 'depot', 'plant', 'site', 'port', 'harbour', 'harbor', 'airport', 'district', 'county', 'city', 'town', 'village', 'river', 'lake', 'valley', 'park', 'centre', 'center', 'campus', 'works', 'reservoir', 'dam', 'terminal', 'hospital', 'clinic', 'school', 'college', 'museum', 'library', 'stadium', 'airfield', 'hotel', 'farm', 'mine', 'quarry', 'rue', 'pont', 'gare', 'usine', 'quartier', 'ville', 'place', 'hôpital', 'clinique', 'école', 'lycée', 'musée', 'stade', 'entrepôt'],
        before: ['near', 'site', 'town', 'city', 'district', 'village', 'plant in', 'based in', 'located in', 'located at', 'held in', 'près de', 'site de', 'ville de', 'usine de', 'basé à', 'située à', 'situé à'],
      },
    },
    {
      name: 'Project',
      description: 'A named project, programme, initiative or contract.',
      properties: [{ name: 'status', type: 'STRING' }],
      cues: {
        before: ['project', 'programme', 'program', 'initiative', 'projet', 'programme de'],
        after: ['project', 'programme', 'program', 'initiative', 'scheme', 'upgrade', 'projet'],
      },
    },
    {
      name: 'Product',
      description: 'A product, component, device, system, model or code-named item.',
      cues: {
        before: ['model', 'product', 'device', 'component', 'batch', 'modèle', 'produit', 'composant', 'lot', 'cartes', 'carte'],
        after: ['modem', 'modems', 'sensor', 'sensors', 'device', 'devices', 'unit', 'units', 'cards', 'card', 'system', 'platform', 'software', 'controller', 'controllers', 'pump', 'pumps', 'cartes', 'carte', 'capteurs'],
        shapes: ['code'],
      },
    },
    {
      name: 'Event',
      description: 'A named event, incident, meeting or milestone.',
      cues: {
        after: ['incident', 'outage', 'conference', 'summit', 'meeting', 'review', 'audit', 'panne', 'réunion', 'conférence'],
      },
    },
    { name: 'Concept', description: 'Any other named thing the text refers to.' },
  ],
  edgeTypes: [
    {
      name: 'LEADS',
      description: 'A person leads or heads a project or organisation.',
      source: ['Person'],
      target: ['Project', 'Organisation'],
      patterns: ['leads', 'lead of', 'led', 'heads', 'head of', 'directs', 'director of', 'chairs', 'in charge of', 'responsible for', 'appointed lead of', 'dirige', 'responsable de', 'chef de', 'directeur de', 'directrice de', 'à la tête de', 'pilote'],
      passivePatterns: ['led by', 'headed by', 'directed by', 'chaired by', 'dirigé par', 'dirigée par', 'piloté par', 'pilotée par'],
      singleCurrent: true,
    },
    {
      name: 'MANAGES',
      description: 'A person manages a site, contract, project or account.',
      source: ['Person'],
      target: ['Location', 'Project', 'Organisation', 'Product'],
      patterns: ['manages', 'managed', 'manager of', 'runs', 'supervises', 'gère', 'gestionnaire de', 'supervise'],
      passivePatterns: ['managed by', 'run by', 'supervised by', 'géré par', 'gérée par', 'supervisé par'],
      singleCurrent: true,
    },
    {
      name: 'WORKS_FOR',
      description: 'A person works for or represents an organisation.',
      source: ['Person'],
      target: ['Organisation'],
      patterns: ['works for', 'works at', 'employed by', 'joined', 'of', 'at', 'travaille pour', 'travaille chez', 'chez', 'a rejoint'],
      passivePatterns: ['employs', 'hired', 'emploie', 'a recruté'],
    },
    {
      name: 'SUPPLIES',
      description: 'An organisation supplies a product or serves a project or organisation.',
      source: ['Organisation'],
      target: ['Product', 'Project', 'Organisation'],
      patterns: ['supplies', 'supplied', 'provides', 'provided', 'delivers', 'sells', 'supplier of', 'for the supply of', 'fournit', 'livre', 'fournisseur de', 'vend'],
      passivePatterns: ['supplied by', 'provided by', 'delivered by', 'sourced from', 'fourni par', 'fournie par', 'fournis par', 'fournies par', 'livré par'],
      singleCurrent: true,
    },
    {
      name: 'MAKES',
      description: 'An organisation or site manufactures a product.',
      source: ['Organisation', 'Location'],
      target: ['Product'],
      patterns: ['makes', 'manufactures', 'produces', 'builds', 'assembles', 'fabrique', 'produit', 'assemble', 'construit'],
      passivePatterns: ['made by', 'manufactured by', 'produced by', 'built by', 'assembled by', 'fabriqué par', 'fabriquée par', 'fabriqués par', 'fabriquées par', 'produit par'],
    },
    {
      name: 'USES',
      description: 'A project or organisation uses or integrates a product.',
      source: ['Project', 'Organisation'],
      target: ['Product'],
      patterns: ['uses', 'used', 'integrates', 'relies on', 'deploys', 'installs', 'adopts', 'utilise', 'intègre', 'emploie', 'déploie'],
      passivePatterns: ['used by', 'used in', 'integrated into', 'integrated in', 'deployed by', 'standard for', 'utilisé par', 'utilisés par', 'intégré dans', 'intégrées dans', 'intégrés dans', 'intégrée dans'],
    },
    {
      name: 'LOCATED_IN',
      description: 'Something is located at or based in a place.',
      source: ['Organisation', 'Project', 'Location', 'Product', 'Person'],
      target: ['Location'],
      patterns: ['located in', 'located at', 'based in', 'based at', 'in', 'at', 'relocates to', 'moved to', 'carried out at', 'situé à', 'située à', 'basé à', 'basée à', 'basé sur le site de', 'installé à'],
      passivePatterns: ['hosts', 'houses', 'accueille', 'héberge'],
    },
    {
      name: 'AUDITS',
      description: 'An organisation audits or inspects a site, project or organisation.',
      source: ['Organisation'],
      target: ['Location', 'Project', 'Organisation'],
      patterns: ['audited', 'audits', 'inspected', 'inspects', 'reviewed', 'audit of', 'audité', 'a audité', 'inspecté'],
      passivePatterns: ['audited by', 'inspected by', 'reviewed by', 'audité par', 'auditée par', 'inspecté par'],
    },
    {
      name: 'FUNDS',
      description: 'An organisation funds or finances a project.',
      source: ['Organisation'],
      target: ['Project', 'Organisation'],
      patterns: ['funds', 'funded', 'finances', 'financed', 'grant to', 'awarded a grant to', 'finance', 'subventionne'],
      passivePatterns: ['funded by', 'financed by', 'grant from', 'financé par', 'financée par', 'subventionné par'],
    },
    {
      name: 'PART_OF',
      description: 'Something is a part, unit or subsidiary of something else.',
      source: ['Organisation', 'Project', 'Product', 'Location'],
      target: ['Organisation', 'Project', 'Product', 'Location'],
      patterns: ['part of', 'subsidiary of', 'division of', 'unit of', 'stage of', 'phase of', 'fait partie de', 'filiale de'],
      passivePatterns: ['includes', 'comprises', 'comprend', 'inclut'],
    },
  ],
};
