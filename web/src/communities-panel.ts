import type { Community } from '../../src/core/records.js';
import { button, element, note, show } from './dom.js';
import { citationButton, typeBadge } from './entity-panel.js';
import type { Explorer } from './explorer.js';

/** A community as GET /api/communities lists it. */
interface CommunitySummary {
  id: string;
  level: number;
  parentId: string | null;
  size: number;
  title: string;
}

/** Lists the community hierarchy (level, then size); a click opens the report. */
export async function showCommunityList(explorer: Explorer, container: HTMLElement): Promise<void> {
  const { communities } = await explorer.api.get<{ communities: CommunitySummary[] }>('/api/communities');
  if (communities.length === 0) return show(container, [note('no community yet: index documents first')]);
  const sorted = communities.slice().sort((left, right) => left.level - right.level || right.size - left.size || left.title.localeCompare(right.title));
  show(container, [
    element('ul', { className: 'community-list' }, sorted.map((community) =>
      element('li', {}, [button(community.title, () => void explorer.openCommunity(community.id), { className: 'link', data: { community: community.id } }), element('span', { className: 'note' }, [` level ${community.level} · ${community.size} entities`])]),
    )),
  ]);
}

/** Shows a community's report: summary, key entities (drawn and lit up in the graph), a filter of the graph to its members, findings with their sources. */
export function showCommunityReport(explorer: Explorer, target: HTMLElement, community: Community): void {
  const { report } = community;
  explorer.graph.add(report.keyEntities, []);
  explorer.graph.highlight(report.keyEntities.map((entity) => entity.id), []);
  show(target, [
    element('h2', { data: { community: community.id } }, [report.title]),
    element('p', { className: 'note' }, [`level ${community.level} · ${community.memberIds.length} entities · written by ${report.generatedBy}`]),
    element('p', { className: 'summary' }, [report.summary]),
    element('div', { className: 'row' }, [
      button('Show only this community', () => explorer.graph.showOnly(new Set(community.memberIds)), { attributes: { id: 'community-only' } }),
      ' ',
      button('Show all', () => explorer.graph.showOnly(null), { attributes: { id: 'community-all' } }),
    ]),
    element('h3', {}, ['Key entities']),
    element('ul', { className: 'key-entities' }, report.keyEntities.map((entity) => element('li', {}, [button(entity.name, () => void explorer.openEntity(entity.id), { className: 'link', data: { entity: entity.id } }), ' ', typeBadge(entity.type)]))),
    report.findings.length > 0 ? element('h3', {}, ['Findings']) : null,
    element('ul', { className: 'findings' }, report.findings.map((finding) => element('li', {}, [finding.text, ' ', citationButton(explorer, { kind: 'chunk', id: finding.chunkId, label: 'source', span: finding.span })]))),
  ]);
}
