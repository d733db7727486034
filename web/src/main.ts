import type { Citation, Community } from '../../src/core/records.js';
import type { EntityDetail } from '../../src/explore/graph-explorer.js';
import type { RhizomeStats } from '../../src/rhizome.js';
import { ApiClient } from './api-client.js';
import { createAskPanel } from './ask-panel.js';
import { showCommunityList, showCommunityReport } from './communities-panel.js';
import { byId, element, show } from './dom.js';
import { showEntity } from './entity-panel.js';
import { showEvalPanel } from './eval-panel.js';
import type { Explorer } from './explorer.js';
import { GraphView, type GraphSnapshot } from './graph-view.js';
import { showPassage } from './passage-view.js';
import { createSearchPanel } from './search-panel.js';
import { describeStats, showStatus } from './status-panel.js';

/** Asks for the token in the page's dialog; resolves when the user submits it. */
function requestToken(reason: string): Promise<string> {
  const dialog = byId<HTMLDialogElement>('token-dialog');
  const input = byId<HTMLInputElement>('token-input');
  byId('token-reason').textContent = reason;
  input.value = '';
  if (!dialog.open) dialog.showModal();
  return new Promise((resolve) => {
    byId<HTMLFormElement>('token-form').addEventListener('submit', () => resolve(input.value), { once: true });
  });
}

/** Shows an error above the panels until it is clicked away. */
function reportError(error: unknown): void {
  const message = byId('error');
  message.textContent = error instanceof Error ? error.message : String(error);
  message.title = 'click to dismiss';
  message.hidden = false;
  message.onclick = () => {
    message.hidden = true;
  };
}

/** Keeps the type filter's checkboxes in step with the types the graph draws. */
function refreshTypeFilter(graph: GraphView, hidden: Set<string>): void {
  show(byId('type-filter'), graph.types().map((type) => {
    const box = element('input', { attributes: { type: 'checkbox', 'data-type': type } });
    box.checked = !hidden.has(type);
    box.addEventListener('change', () => {
      if (box.checked) hidden.delete(type);
      else hidden.add(type);
      graph.hideTypes(hidden);
    });
    return element('label', {}, [box, ` ${type}`]);
  }));
}

function createExplorer(): Explorer {
  const hiddenTypes = new Set<string>();
  const details = byId('details');
  const passage = byId('passage');
  const explorer: Explorer = {
    api: new ApiClient(requestToken),
    graph: new GraphView(byId('graph'), (id) => void explorer.openEntity(id), () => refreshTypeFilter(explorer.graph, hiddenTypes)),
    async openEntity(idOrName) {
      try {
        const detail = await explorer.api.get<EntityDetail>(`/api/entities/${encodeURIComponent(idOrName)}?depth=1&limit=30`);
        explorer.graph.add(detail.neighbourhood.nodes, detail.neighbourhood.edges);
        explorer.graph.select(detail.entity.id);
        showEntity(explorer, details, detail);
      } catch (error) {
        reportError(error);
      }
    },
    openCitation: (citation: Citation) => (citation.kind === 'entity' ? explorer.openEntity(citation.id) : citation.kind === 'community' ? explorer.openCommunity(citation.id) : showPassage(explorer, passage, citation)),
    async openCommunity(id) {
      try {
        showCommunityReport(explorer, details, await explorer.api.get<Community>(`/api/communities/${encodeURIComponent(id)}`));
      } catch (error) {
        reportError(error);
      }
    },
    report: reportError,
  };
  return explorer;
}

/** Tabs of the left column; a tab's content loads the first time it opens (and again with its Refresh). */
function wireTabs(explorer: Explorer): void {
  const loaders: Record<string, (container: HTMLElement) => Promise<void>> = {
    communities: (container) => showCommunityList(explorer, container),
    status: (container) => showStatus(explorer, container),
    eval: (container) => showEvalPanel(explorer, container),
  };
  const loaded = new Set<string>();
  for (const tab of document.querySelectorAll<HTMLButtonElement>('#tabs button')) {
    tab.addEventListener('click', () => {
      const name = tab.dataset.tab ?? '';
      for (const other of document.querySelectorAll<HTMLButtonElement>('#tabs button')) other.setAttribute('aria-selected', String(other === tab));
      for (const section of document.querySelectorAll<HTMLElement>('.tab')) section.hidden = section.id !== `tab-${name}`;
      const load = loaders[name];
      if (load && !loaded.has(name)) {
        loaded.add(name);
        load(byId(`tab-${name}`)).catch(reportError);
      }
    });
  }
}

async function start(): Promise<void> {
  const explorer = createExplorer();
  (window as unknown as { rhizomeExplorer: { graph(): GraphSnapshot } }).rhizomeExplorer = { graph: () => explorer.graph.snapshot() };
  const search = createSearchPanel(explorer, byId('tab-explore'));
  createAskPanel(explorer, byId('tab-ask'));
  wireTabs(explorer);
  const date = byId<HTMLInputElement>('date-filter');
  date.addEventListener('change', () => explorer.graph.showRelationsOn(date.value === '' ? null : date.value));
  const stats = await explorer.api.get<RhizomeStats>('/api/stats');
  byId('token-dialog').hidden = true;
  byId<HTMLDialogElement>('token-dialog').close();
  byId('workspace-stats').textContent = describeStats(stats);
  await search();
  document.body.dataset.ready = 'true';
}

start().catch(reportError);
