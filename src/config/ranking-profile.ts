import { z } from 'zod';

/**
 * Every weight, penalty, threshold and count of linking, walking, path ranking, sentence choice and
 * the reading and reduction of community reports, with
 * what it does and where its value came from. Values marked "measured" were chosen by running
 * `npm run eval:dev` on every development set at once (corpus_en, corpus_fr2, HotpotQA) and kept
 * only when no set got worse; `npm run bench:ablation` turns each signal off in turn to show it
 * still earns its place. Override any of them in the configuration under `query.ranking`.
 */
export const rankingProfileSchema = z.object({
  linking: z
    .object({
      /** Jaro–Winkler similarity above which a capitalised question word links to a near-identical name (usual spelling-variant threshold). */
      fuzzyThreshold: z.number().min(0).max(1).default(0.92),
      /** A capitalised question word that is part of at most this many entity names links to them ("Brackley" → "Brackley Insurance"); more is ambiguous. */
      maxNameWordEntities: z.number().int().min(1).default(2),
      /**
       * A question entity whose commonness (1 − idf share over chunks) reaches this is the corpus's background subject
       * ("Velbrook" in Velbrook's own documentation): when such entities are all the question names and no entity of the graph is of
       * the kind asked ("which logger", "what default"), `auto` answers from passages. 0.75 lies between the documentation
       * set's subject (0.90) and every entity the story sets' questions name (at most 0.60); above 1 turns it off.
       */
      backgroundCommonness: z.number().min(0).default(0.75),
      /**
       * A question entity named in at least this many times as many passages as any other entity of its type is the corpus's
       * subject as well, however rarely its documents write its full name (they say "l'établissement", "the Trust"): "citez les
       * entreprises auxquelles X fait appel" in X's own documents asks for every supplier, not for X's neighbours. Measured: 2 holds
       * the organisation each story set is about (spectacle-vivant-fr 6 passages against 3, parks-trust-en 21 against 4, corpus_en
       * 14 against 4). In 34-document sets many other question entities dominate their type too (a project in 5 passages against 1),
       * so the rule acts only with a plural head noun naming a type (list questions) or a head noun no entity has (passages);
       * `npm run bench:ablation` shows it moving spectacle-vivant-fr alone. A question asking for firms or people in the plural
       * ("the outside companies X relies on") lists them across the documents as soon as X leads its type (named in more passages
       * than any other of it, whatever the ratio): mining-company-en's subject, named in 11 passages against 6, is no less the
       * corpus's subject for a mistyped runner-up. 0 turns both off.
       */
      subjectDominance: z.number().min(0).default(2),
    })
    .default({ fuzzyThreshold: 0.92, maxNameWordEntities: 2, backgroundCommonness: 0.75, subjectDominance: 2 }),
  walk: z
    .object({
      /** Personalized PageRank damping (HippoRAG's 0.5). */
      damping: z.number().min(0).max(1).default(0.5),
      /**
       * The walk's residual per edge left unspread (forward push): a node passes its share on only while it holds more than this
       * times its degree, so the walk's work follows the mass near its seeds, not the graph's size; 0 runs power iteration over the
       * whole graph instead. Measured 2026-12-07: 1e-8 and 1e-9 left every development and held-out figure as power iteration gave
       * them (1e-7 moved a held-out set's question); on the scale bench's 25,000 passages, 100 grown HotpotQA questions kept R@2/R@5
       * 60.0/68.5 from 1e-9 to 1e-7, and a warm `local` query took 221 ms at 1e-8 against 500 ms by power iteration.
       */
      pushTolerance: z.number().min(0).max(1e-4).default(1e-8),
      /**
       * Share of the restart mass on full-text hits when the question names entities (half: neither side dominates). 0 was
       * measured: HotpotQA R@5 83.5 → 87.0 with the coverage sets of the ablation unchanged, but fastify-docs-en −0.03 and a
       * held-out French set −0.08 (3-hop 0.67 → 0.33): kept at 0.5.
       */
      textShareWithEntities: z.number().min(0).max(1).default(0.5),
      /** Full-text hits that seed the walk. */
      textHits: z.number().int().min(1).default(20),
      /** Reciprocal-rank-fusion constant (the usual 60 of Cormack et al.). */
      fusionK: z.number().min(1).default(60),
      /**
       * The best relation paths whose entities' own pages (documents titled with the entity's name or alias) rank right after the
       * pages of what the question names: the second passage of a bridge question ("the producer of X's soundtrack" → the
       * producer's page). Measured (2026-12-04): HotpotQA local R@2/5/10 71.5/83.5/91.0 → 76.5/87.5/93.0 with every coverage
       * set's answers unchanged; 1 gave the same, 4 R@2 75.0. 0 turns it off. Since 2026-12-05 each such page's best-ranked
       * passage is raised above every passage not about the question (the rest of the page, and headed sections, by half as much):
       * HotpotQA 77.0/87.5/93.0 → 78.5/89.0/94.0, every coverage set unchanged.
       */
      pathPages: z.number().int().min(0).default(2),
      /**
       * When the question names no entity (hybrid), relation paths start from at most this many entities of the best full-text hits, those the walk ranks highest
       * (first setting, 2026-11-29; measured 2026-12-06: 2 cost aero-mro-en a question, 0.81 → 0.77; 5 left every development set unchanged, held-out means moving both ways).
       */
      textPathSeeds: z.number().int().min(0).default(3),
      /** …named in this many of the best full-text hits (first setting, 2026-11-29, not measured since). */
      textPathHits: z.number().int().min(1).default(3),
      /** Hybrid reads the community reports of the question's entities and of this many entities the walk ranks highest (first setting, 2026-11-29, not measured since). */
      reportEntities: z.number().int().min(0).default(5),
    })
    .default({ damping: 0.5, pushTolerance: 1e-8, textShareWithEntities: 0.5, textHits: 20, fusionK: 60, pathPages: 2, textPathSeeds: 3, textPathHits: 3, reportEntities: 5 }),
  paths: z
    .object({
      /** Partial paths kept per hop of the beam search (large enough that no measured answer path was cut). */
      beamWidth: z.number().int().min(1).default(96),
      /** Relations kept per neighbour and hop (the best two by coverage). */
      relationsPerNeighbour: z.number().int().min(1).default(2),
      /** Cost of each hop, so a shorter path that explains as much wins (measured). */
      lengthPenalty: z.number().min(0).default(0.04),
      /** Extra cost of a hop resting only on a title or a neighbouring sentence (weight below 0.5) (measured). */
      weakHopPenalty: z.number().min(0).default(0.2),
      /** Cost of passing through an entity, times its commonness (1 − idf share over chunks): hubs explain little (measured). */
      hubPenalty: z.number().min(0).default(0.1),
      /** Cost of ending on an entity, times its commonness: the subject most of the corpus mentions is seldom the answer (measured). */
      endHubPenalty: z.number().min(0).default(0.25),
      /** Weight of an intermediate entity's walk relevance (a tie-breaker). */
      stepRelevance: z.number().min(0).default(0.05),
      /** Weight of the end entity's walk relevance (measured). */
      endRelevance: z.number().min(0).default(0.15),
      /** Bonus for a path ending on what the question asks for: described with its head noun, or of the asked type (measured). */
      typeMatchBonus: z.number().min(0).default(0.6),
      /** Penalty for a path ending on an entity of another type than the one asked (measured). */
      typeMismatchPenalty: z.number().min(0).default(0.4),
      /** Penalty for a path ending on an entity whose type is unknown (the fallback type) when a type is asked (measured). */
      unknownTypePenalty: z.number().min(0).default(0.2),
      /** Bonus (or half of it as a penalty) from the dates of a path's last fact for temporal questions. */
      temporalBonus: z.number().min(0).default(0.3),
      /** Dates decide only between paths this close to the best one. */
      temporalWindow: z.number().min(0).default(0.25),
      /** Share of a question word's weight earned by evidence that says it with another word of the same schema relation ("produces" for "makes") or a word derived from it ("maintenance" for "maintains", from the language pack's derivations); 0 turns relation alternatives off. 0.5 first measured: corpus_fr2 +0.04, corpus_en −0.02 against 0 (mixed); with four-sentence answers and role compounds (2026-12-04): universite-recherche-fr +0.04 and no set lower (see the ablation table); 0.25 lost the fr2 gain. Derived words at this share (2026-12-07): fastify-docs-en auto +0.03, no auto cell lower; at a whole word's weight maritime-port-en auto −0.08. */
      alternativeWordShare: z.number().min(0).max(1).default(0.5),
      /** Bonus for a path whose intermediate entities are of the kinds the question's other nouns name ("the programme delivered at the site …"), times the share met. Off (0) by default: at 0.1 corpus_en gains 0.04 (3-hop 0.58 → 0.75) but maritime-port-en loses 0.06 — the ablation's verdict is a fit, so it stays available, not on. */
      bridgeKindBonus: z.number().min(0).default(0),
      /**
       * When the question has a main clause and a clause that identifies where its chain starts ("which contractor resumed drilling at
       * the prospect | where X's agreement was terminated"), the answers one bridge reaches (same second-to-last entity, same type of
       * a kind asked) compete on how much of the main clause (idf-weighted share, the head noun left out) their last fact states: each
       * loses this times its shortfall from the best of them, so no path rises above its bridge's best. 0.1 (2026-12-07): aero,
       * déchets and mining +0.04 each, no development cell down (0.2 the same); as a bonus on every path instead, gains on these sets
       * came with losses on four others.
       */
      offMainClausePenalty: z.number().min(0).default(0.1),
      /** Relation paths kept for the answer, best first (first setting, 2026-11-29, not measured since: the answer quotes the best and those near it). */
      kept: z.number().int().min(1).default(8),
    })
    .default({
      beamWidth: 96, relationsPerNeighbour: 2, lengthPenalty: 0.04, weakHopPenalty: 0.2, hubPenalty: 0.1, endHubPenalty: 0.25, stepRelevance: 0.05, endRelevance: 0.15,
      typeMatchBonus: 0.6, typeMismatchPenalty: 0.4, unknownTypePenalty: 0.2, temporalBonus: 0.3, temporalWindow: 0.25,
      alternativeWordShare: 0.5, bridgeKindBonus: 0, offMainClausePenalty: 0.1, kept: 8,
    }),
  sentences: z
    .object({
      /** A best path below this score is not trusted to answer from, and the evidence of a path below it earns no path bonus (vite-docs-en +0.05, no set lower, 2026-12-05). */
      minPathScore: z.number().min(0).default(0.35),
      /**
       * Other paths within this ratio of the best (ending on the same type) add their evidence: questions with several answers
       * (measured 2026-12-06: 0.7 cost fastify-docs-en and vite-docs-en a question each, 0.9 cost fastify-docs-en and spectacle-vivant-fr).
       */
      secondPathRatio: z.number().min(0).max(1).default(0.8),
      /** Words kept around the path's entities when an evidence sentence is cropped (measured 2026-12-06: 40 won universite-recherche-fr a question and cost fastify-docs-en, parks-trust-en and transit-authority-en one each). */
      cropWords: z.number().int().min(5).default(30),
      /** Bonus of a sentence that is the evidence of a path trusted to answer from (see minPathScore). */
      pathEvidenceBonus: z.number().min(0).default(0.3),
      /** Bonus of a sentence naming an entity of the question, or a day it names ("on 2021-06-08": a month or year does not count). */
      questionEntityBonus: z.number().min(0).default(0.2),
      /** Prior for sentences of better-ranked chunks (divided by 1 + the chunk's rank). */
      rankPrior: z.number().min(0).default(0.15),
      /** Least weight of an entity's relevance in a sentence's score when its type is not the one asked. */
      otherTypeEntityWeight: z.number().min(0).max(1).default(0.3),
      /** A sentence ending with a colon is read with the sentences it introduces (a list's items), and the field lines opening a reference entry ("Type: …", "Default: …") with the sentence describing it, while together they hold at most this many words; 0 never. */
      leadInWords: z.number().int().min(0).default(30),
      /**
       * Share of a question word's weight in a sentence's score when only the question's subordinate clause holds it ("what set off the
       * detector [that caused the foam discharge]": the clause identifies, the main part asks); 1 weighs every word alike. 0.5 first setting,
       * the share alternativeWordShare gives another word of a relation (2026-12-06: every development set unchanged).
       */
      subordinateWordShare: z.number().min(0).max(1).default(0.5),
      /**
       * A question of one clause that names no entity ("Name the firm that tested the plant's control network …") is answered by the
       * entity of the asked kind that the context sentence holding at least this idf-weighted share of its words names first, rather
       * than by a relation path from the entities of the passages found; above 1 never. Measured 2026-12-07 on such questions of the
       * story and documentation sets: shares of 0.70 and 0.79 named the answer, the highest share naming a wrong entity was 0.57
       * (vite-docs-en) and 0.48 (dechets-syndicat-fr); 0.6 lies between (mining-company-en +1 question, no other cell moved).
       */
      statedAnswerShare: z.number().min(0).default(0.6),
    })
    .default({ minPathScore: 0.35, secondPathRatio: 0.8, cropWords: 30, pathEvidenceBonus: 0.3, questionEntityBonus: 0.2, rankPrior: 0.15, otherTypeEntityWeight: 0.3, leadInWords: 30, subordinateWordShare: 0.5, statedAnswerShare: 0.6 }),
  /** How global search reads community reports and how the offline answer reduces them (map and reduce without a model). */
  reports: z
    .object({
      /** Communities whose findings a question reads, best first (first setting, 2026-11-29, not measured since). */
      communities: z.number().int().min(1).default(8),
      /** …for a corpus-wide question, which reads more of the top level (first setting, 2026-11-29, not measured since). */
      corpusWideCommunities: z.number().int().min(1).default(16),
      /** Findings (sentences) read per community (first setting, 2026-11-29, not measured since). */
      findingsPerCommunity: z.number().int().min(1).default(3),
      /** …for a question about risks or concerns, whose reduce groups many findings into themes (first setting, 2026-11-29, not measured since). */
      concernFindingsPerCommunity: z.number().int().min(1).default(12),
      /** Entities a list answer names at most, within the answer's words ("which suppliers …") (first setting, 2026-11-29, not measured since). */
      listedEntities: z.number().int().min(1).default(15),
      /** Main points of a theme answer: one per community, best first (first setting, 2026-11-29, not measured since). */
      themes: z.number().int().min(1).default(6),
      /** Words kept around a main point's entities when its finding is cropped (first setting, 2026-11-29, not measured since). */
      themeWords: z.number().int().min(3).default(18),
      /** Risk themes an answer about concerns gives at most (first setting, 2026-11-29, not measured since). */
      concernThemes: z.number().int().min(1).default(8),
      /** Words kept of the finding quoted for each risk theme (first setting, 2026-11-29, not measured since). */
      concernThemeWords: z.number().int().min(3).default(12),
      /** Documents cited for each risk theme (first setting, 2026-11-29, not measured since). */
      concernCitations: z.number().int().min(1).default(3),
      /** Words naming each risk theme ("flooding, storm") (first setting, 2026-11-29, not measured since). */
      concernLabels: z.number().int().min(1).default(3),
    })
    .default({ communities: 8, corpusWideCommunities: 16, findingsPerCommunity: 3, concernFindingsPerCommunity: 12, listedEntities: 15, themes: 6, themeWords: 18, concernThemes: 8, concernThemeWords: 12, concernCitations: 3, concernLabels: 3 }),
});

/** The tuned numbers of retrieval and the offline answerer. */
export type RankingProfile = z.infer<typeof rankingProfileSchema>;
/** A partial override of the ranking profile, as written in a configuration. */
export type RankingProfileInput = z.input<typeof rankingProfileSchema>;

/** The documented defaults. */
export const DEFAULT_RANKING_PROFILE: RankingProfile = rankingProfileSchema.parse({});
