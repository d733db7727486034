import type { Citation } from '../../src/core/records.js';
import type { EntityDetail, EntityRelation } from '../../src/explore/graph-explorer.js';
import { button, element, note, show } from './dom.js';
import type { Explorer } from './explorer.js';
import { colourOfType } from './graph-view.js';

/** A button that opens a citation's passage. */
export function citationButton(explorer: Explorer, citation: Citation, label = citation.label || citation.path || citation.id): HTMLButtonElement {
  return button(label, () => void explorer.openCitation(citation).catch((error: unknown) => explorer.report(error)), { className: 'citation', title: citation.path ?? citation.label, data: { citation: citation.id } });
}

/** A node type as a coloured badge. */
export function typeBadge(type: string): HTMLElement {
  const badge = element('span', { className: 'type-badge' }, [type]);
  badge.style.backgroundColor = colourOfType(type);
  return badge;
}

function relationItem(explorer: Explorer, relation: EntityRelation): HTMLElement {
  const label = relation.type === 'RELATED_TO' ? 'related to' : relation.type;
  const other = button(relation.other.name, () => void explorer.openEntity(relation.other.id), { className: 'link', data: { entity: relation.other.id } });
  const dates = [relation.validFrom ? `from ${relation.validFrom}` : null, relation.validTo ? `to ${relation.validTo}` : null].filter((part): part is string => part !== null).join(' ');
  return element('li', { className: 'relation', data: { relation: relation.id } }, [
    element('span', { className: 'relation-type' }, [relation.direction === 'out' ? `${label} →` : `← ${label}`]),
    ' ',
    other,
    dates ? element('span', { className: 'note' }, [` (${dates})`]) : null,
    element('div', { className: 'evidence' }, [relation.evidence, ' ', relation.citation ? citationButton(explorer, relation.citation, 'source') : null]),
  ]);
}

/** Shows one entity: type, description, aliases, alias merges, relations with evidence, and the passages that mention it. */
export function showEntity(explorer: Explorer, target: HTMLElement, detail: EntityDetail): void {
  const { entity } = detail;
  show(target, [
    element('h2', { data: { entity: entity.id } }, [entity.name, ' ', typeBadge(entity.type)]),
    entity.description ? element('p', { className: 'description' }, [entity.description]) : note('no description'),
    element('p', { className: 'note' }, [`${entity.mentionCount} mentions`]),
    entity.aliases.length > 0 ? element('div', { className: 'aliases' }, [element('h3', {}, ['Aliases']), element('ul', {}, entity.aliases.map((alias) => element('li', {}, [alias])))]) : null,
    detail.merges.length > 0
      ? element('div', { className: 'merges' }, [element('h3', {}, ['Merged names']), element('ul', {}, detail.merges.map((merge) => element('li', {}, [`${merge.merged} → ${merge.kept} (${merge.reason})`])))])
      : null,
    element('h3', {}, [`Relations (${detail.relations.length})`]),
    detail.relations.length > 0 ? element('ul', { className: 'relations' }, detail.relations.map((relation) => relationItem(explorer, relation))) : note('no relation'),
    element('h3', {}, [`Passages (${detail.mentions.length})`]),
    element('ul', { className: 'mentions' }, detail.mentions.map((citation) => element('li', {}, [citationButton(explorer, citation)]))),
  ]);
}
