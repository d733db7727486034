import cytoscape from 'cytoscape';
import type { EntitySummary, NeighbourhoodEdge } from '../../src/explore/graph-explorer.js';

/** An edge as the API's neighbourhoods and paths give it. */
export type GraphEdge = NeighbourhoodEdge;

/** What the graph shows, read back from the drawing library (automation and tests read it too). */
export interface GraphSnapshot {
  nodes: Array<{ id: string; name: string; type: string; visible: boolean; highlighted: boolean; selected: boolean; /** Where it is drawn, in pixels from the graph's top left corner. */ position: { x: number; y: number } }>;
  edges: Array<{ id: string; type: string; source: string; target: string; visible: boolean; highlighted: boolean }>;
}

const PALETTE = ['#2f6fb0', '#c4572a', '#3a8f5c', '#8a4fb5', '#b58a1b', '#1f8a8a', '#b33d6b', '#5c6b7a', '#6f8f1f', '#a35a2a'];

/** A colour per node type, the same for a type on every page load. */
export function colourOfType(type: string): string {
  let hash = 0;
  for (const character of type) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? '#5c6b7a';
}

const STYLE: cytoscape.StylesheetJson = [
  { selector: 'node', style: { 'background-color': 'data(colour)', label: 'data(name)', color: '#1d2733', 'font-size': 11, 'text-valign': 'bottom', 'text-margin-y': 4, width: 22, height: 22, 'text-wrap': 'ellipsis', 'text-max-width': '140px' } },
  { selector: 'node:selected', style: { 'border-width': 3, 'border-color': '#1d2733' } },
  { selector: 'edge', style: { width: 1.5, 'line-color': '#9aa7b4', 'target-arrow-color': '#9aa7b4', 'target-arrow-shape': 'triangle', 'curve-style': 'bezier', label: 'data(label)', 'font-size': 9, color: '#4a5866', 'text-rotation': 'autorotate', 'text-background-color': '#ffffff', 'text-background-opacity': 0.8, 'text-background-padding': '1px' } },
  { selector: 'edge[type = "RELATED_TO"]', style: { 'line-style': 'dashed', 'target-arrow-shape': 'none' } },
  { selector: '.highlighted', style: { 'line-color': '#e0a100', 'target-arrow-color': '#e0a100', 'border-width': 4, 'border-color': '#e0a100', width: 4, 'z-index': 10 } },
  { selector: 'node.highlighted', style: { width: 28, height: 28 } },
  { selector: '.filtered, .outside, .out-of-date', style: { display: 'none' } },
];

/** The entity graph drawn with cytoscape: nodes coloured by type, edges labelled with their relation type. */
export class GraphView {
  private readonly graph: cytoscape.Core;
  private hiddenTypes = new Set<string>();
  private date: string | null = null;

  constructor(
    container: HTMLElement,
    onSelect: (entityId: string) => void,
    private readonly onChange: () => void = () => undefined,
  ) {
    this.graph = cytoscape({ container, style: STYLE, minZoom: 0.2, maxZoom: 3, wheelSensitivity: 0.3 });
    this.graph.on('tap', 'node', (event) => onSelect(String(event.target.id())));
  }

  /** Adds entities and relations not drawn yet, then lays the graph out again. */
  add(nodes: EntitySummary[], edges: GraphEdge[]): void {
    const fresh: cytoscape.ElementDefinition[] = [];
    for (const node of nodes) {
      if (this.graph.getElementById(node.id).empty()) fresh.push({ group: 'nodes', data: { id: node.id, name: node.name, type: node.type, colour: colourOfType(node.type) }, classes: this.hiddenTypes.has(node.type) ? 'filtered' : '' });
    }
    const known = new Set([...this.graph.nodes().map((node) => node.id()), ...nodes.map((node) => node.id)]);
    for (const edge of edges) {
      if (this.graph.getElementById(edge.id).empty() && known.has(edge.sourceId) && known.has(edge.targetId)) {
        fresh.push({ group: 'edges', data: { id: edge.id, source: edge.sourceId, target: edge.targetId, type: edge.type, label: edge.type === 'RELATED_TO' ? 'related to' : edge.type, validFrom: edge.validFrom, validTo: edge.validTo }, classes: this.heldOn(edge) ? '' : 'out-of-date' });
      }
    }
    if (fresh.length === 0) return;
    this.graph.add(fresh);
    this.graph.layout({ name: 'cose', animate: false, fit: true, padding: 30, randomize: false, nodeDimensionsIncludeLabels: true }).run();
    this.onChange();
  }

  /** Marks one entity as the selected one. */
  select(entityId: string): void {
    this.graph.nodes().unselect();
    this.graph.getElementById(entityId).select();
  }

  /** Highlights these entities and relations (a path, an answer's evidence); the rest is no longer highlighted. */
  highlight(entityIds: Iterable<string>, relationIds: Iterable<string>): void {
    this.graph.elements().removeClass('highlighted');
    for (const id of [...entityIds, ...relationIds]) this.graph.getElementById(id).addClass('highlighted');
  }

  /** Hides the nodes of these types (and their edges). */
  hideTypes(types: Set<string>): void {
    this.hiddenTypes = new Set(types);
    this.graph.nodes().forEach((node) => {
      if (types.has(String(node.data('type')))) node.addClass('filtered');
      else node.removeClass('filtered');
    });
  }

  /** Shows only these entities (a community's members) and the relations between them; null shows every entity again. */
  showOnly(entityIds: Set<string> | null): void {
    this.graph.nodes().forEach((node) => {
      if (entityIds === null || entityIds.has(node.id())) node.removeClass('outside');
      else node.addClass('outside');
    });
  }

  /** Shows only the relations that hold on `date` (YYYY-MM-DD: valid from on or before it, to on or after it); null shows every relation. */
  showRelationsOn(date: string | null): void {
    this.date = date;
    this.graph.edges().forEach((edge) => {
      if (this.heldOn({ validFrom: edge.data('validFrom') as string | null, validTo: edge.data('validTo') as string | null })) edge.removeClass('out-of-date');
      else edge.addClass('out-of-date');
    });
  }

  private heldOn(edge: Pick<GraphEdge, 'validFrom' | 'validTo'>): boolean {
    if (this.date === null) return true;
    return (edge.validFrom === null || edge.validFrom.slice(0, this.date.length) <= this.date) && (edge.validTo === null || edge.validTo >= this.date.slice(0, edge.validTo.length));
  }

  /** The node types drawn, sorted. */
  types(): string[] {
    return [...new Set(this.graph.nodes().map((node) => String(node.data('type'))))].sort();
  }

  clear(): void {
    this.graph.elements().remove();
    this.onChange();
  }

  snapshot(): GraphSnapshot {
    return {
      nodes: this.graph.nodes().map((node) => ({ id: node.id(), name: String(node.data('name')), type: String(node.data('type')), visible: node.visible(), highlighted: node.hasClass('highlighted'), selected: node.selected(), position: node.renderedPosition() })),
      edges: this.graph.edges().map((edge) => ({ id: edge.id(), type: String(edge.data('type')), source: edge.source().id(), target: edge.target().id(), visible: edge.visible(), highlighted: edge.hasClass('highlighted') })),
    };
  }
}
