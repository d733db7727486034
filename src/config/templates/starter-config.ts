/** The commented starter configuration written by `rhizome init` (English schema). */
export const STARTER_CONFIG_EN = `// Rhizome configuration. Precedence: defaults < this file < .env / RHIZOME_* variables < CLI flags.
// Every field is optional; delete what you do not need. Reference: README.md, "Configuration".
import type { RhizomeConfigInput } from 'rhizome';

const config: RhizomeConfigInput = {
  // Where the embedded Kuzu database and run reports live (relative to this folder).
  workspace: '.rhizome',

  // Declare the graph before extracting: the extractor only creates these types.
  // Keep it small (5-10 node types). Names become Kuzu tables.
  schema: {
    nodeTypes: [
      {
        name: 'Person',
        description: 'A named human being.',
        properties: [{ name: 'role', type: 'STRING' }],
        // Offline typing cues: titles before a name, words after it, and name shapes.
        cues: { before: ['dr', 'mr', 'ms', 'prof'], after: ['said'], shapes: ['person-name'] },
      },
      {
        name: 'Organisation',
        description: 'A company, firm, supplier, contractor, public body or team.',
        cues: { suffixes: ['ltd', 'inc', 'plc', 'group', 'authority', 'agency'], before: ['company', 'firm', 'supplier', 'contractor'] },
      },
      {
        name: 'Project',
        description: 'A named project or programme.',
        cues: { before: ['project', 'programme'], after: ['project', 'programme'] },
      },
      {
        name: 'Location',
        description: 'A place: site, town, city, building or structure.',
        cues: { suffixes: ['street', 'station', 'bridge', 'plant', 'yard'], before: ['in', 'at', 'based in'], shapes: ['place-name'] },
      },
      {
        name: 'Product',
        description: 'A product, component or code-named item.',
        cues: { after: ['device', 'devices', 'unit', 'units'], shapes: ['code'] },
      },
    ],
    edgeTypes: [
      {
        name: 'LEADS',
        source: ['Person'],
        target: ['Project', 'Organisation'],
        // Phrases between source and target ("Ana leads Lynx") and passive ones ("Lynx is led by Ana").
        patterns: ['leads', 'heads', 'lead of', 'in charge of'],
        passivePatterns: ['led by', 'headed by'],
        // A project has one current lead: a newer LEADS edge closes the older one (valid_to).
        singleCurrent: true,
      },
      {
        name: 'SUPPLIES',
        source: ['Organisation'],
        target: ['Product', 'Project'],
        patterns: ['supplies', 'provides', 'for the supply of'],
        passivePatterns: ['supplied by', 'provided by'],
      },
      {
        name: 'USES',
        source: ['Project'],
        target: ['Product'],
        patterns: ['uses', 'integrates'],
        passivePatterns: ['used by', 'integrated into'],
      },
      {
        name: 'LOCATED_IN',
        source: ['Organisation', 'Project', 'Location'],
        target: ['Location'],
        patterns: ['located in', 'based in', 'based at'],
      },
    ],
  },

  // Token-aware chunking that respects sentence boundaries.
  chunking: { maxTokens: 600, overlapTokens: 100 },

  // Retrieval and answer limits.
  query: { defaultMode: 'local', topK: 4, contextTokens: 1500, maxHops: 3, answerSentences: 4, answerWords: 60 },
};

export default config;
`;

/** The French example of seed 001 (Personne, Projet, TRAVAILLE_SUR), written by `rhizome init --example fr`. */
export const STARTER_CONFIG_FR = `// Configuration Rhizome : exemple français (schéma de la graine 001).
// Priorité : valeurs par défaut < ce fichier < .env / variables RHIZOME_* < options de la ligne de commande.
import type { RhizomeConfigInput } from 'rhizome';

const config: RhizomeConfigInput = {
  workspace: '.rhizome',
  schema: {
    nodeTypes: [
      {
        name: 'Personne',
        description: 'Une personne nommée.',
        cues: { before: ['m.', 'mme', 'madame', 'monsieur', 'docteur', 'dr'], shapes: ['person-name'] },
      },
      {
        name: 'Organisation',
        description: 'Une société, un cabinet, un fournisseur, un prestataire ou un organisme.',
        cues: { suffixes: ['conseil', 'composants', 'logistique', 'sa', 'sas', 'sarl', 'groupe'], before: ['société', 'cabinet', 'fournisseur', 'prestataire', 'entreprise'] },
      },
      {
        name: 'Projet',
        description: 'Un projet ou programme nommé.',
        properties: [{ name: 'statut', type: 'STRING' }],
        cues: { before: ['projet', 'programme'] },
      },
      {
        name: 'Site',
        description: 'Un lieu : site, ville, usine, bâtiment.',
        cues: { before: ['site de', 'usine de', 'à', 'ville de'], shapes: ['place-name'] },
      },
      {
        name: 'Produit',
        description: 'Un produit, composant ou code (NC-7).',
        cues: { before: ['cartes', 'carte', 'composant', 'modèle'], shapes: ['code'] },
      },
    ],
    edgeTypes: [
      { name: 'DIRIGE', source: ['Personne'], target: ['Projet'], patterns: ['dirige', 'responsable de', 'chef de'], passivePatterns: ['dirigé par', 'dirigée par'], singleCurrent: true },
      { name: 'TRAVAILLE_SUR', source: ['Personne'], target: ['Projet'], properties: [{ name: 'role', type: 'STRING' }], patterns: ['travaille sur', 'participe à'] },
      { name: 'FOURNIT', source: ['Organisation'], target: ['Produit', 'Projet'], patterns: ['fournit', 'livre'], passivePatterns: ['fourni par', 'fournies par', 'fournis par'] },
      { name: 'INTEGRE', source: ['Projet'], target: ['Produit'], patterns: ['intègre', 'utilise'], passivePatterns: ['intégrées dans', 'intégrés dans', 'utilisé par'] },
      { name: 'SITUE_A', source: ['Projet', 'Organisation'], target: ['Site'], patterns: ['basé sur le site de', 'situé à', 'basé à'] },
      { name: 'AUDITE', source: ['Organisation'], target: ['Projet', 'Organisation'], patterns: ['a audité', 'audite'], passivePatterns: ['audité par', 'auditée par'] },
    ],
  },
};

export default config;
`;
