import type { Citation } from '../../src/core/records.js';
import type { ApiClient } from './api-client.js';
import type { GraphView } from './graph-view.js';

/** What the panels of the page share: the API, the graph, and the moves between panels. */
export interface Explorer {
  api: ApiClient;
  graph: GraphView;
  /** Shows an entity (id or name): its details beside the graph, its neighbourhood in it. */
  openEntity(idOrName: string): Promise<void>;
  /** Opens what a citation points at: a passage with the cited span marked, an entity, a community report. */
  openCitation(citation: Citation): Promise<void>;
  /** Shows a community's report. */
  openCommunity(id: string): Promise<void>;
  /** Shows an error where the user will see it. */
  report(error: unknown): void;
}
