import type { StoredDocument } from '../../src/graph/store.js';
import type { RhizomeStats } from '../../src/rhizome.js';
import type { IndexJob } from '../../src/server/index-jobs.js';
import { button, element, note, show } from './dom.js';
import type { Explorer } from './explorer.js';
import { createUploadForm } from './upload-panel.js';

/** The workspace's counts in one line (the page header). */
export function describeStats(stats: RhizomeStats): string {
  return `${stats.documents} documents · ${stats.chunks} chunks · ${stats.entities} entities · ${stats.typedRelations} typed relations · ${stats.communities} communities`;
}

function jobItem(job: IndexJob): HTMLElement {
  const summary = job.summary ? ` · ${job.summary.documents.added} added, ${job.summary.documents.changed} changed, ${job.summary.documents.unchanged} unchanged` : '';
  return element('li', { data: { job: job.id, state: job.state } }, [`${job.state}: ${job.paths.join(', ')}${summary}`, job.error ? element('span', { className: 'error' }, [` ${job.error.message}`]) : null]);
}

/** The refreshable part of the index tab: counts and components, this server's index jobs, every document. */
async function showStatusBody(explorer: Explorer, container: HTMLElement): Promise<void> {
  const [stats, { jobs }, { documents }] = await Promise.all([
    explorer.api.get<RhizomeStats>('/api/stats'),
    explorer.api.get<{ jobs: IndexJob[] }>('/api/index/jobs'),
    explorer.api.get<{ documents: StoredDocument[] }>('/api/documents'),
  ]);
  show(container, [
    element('p', {}, [describeStats(stats)]),
    element('p', { className: 'note' }, [`store ${stats.store} · extractor ${stats.extractor} · answerer ${stats.answerer} · last indexed ${stats.lastIndexedAt ?? 'never'}`]),
    element('h3', {}, ['Index jobs']),
    jobs.length > 0 ? element('ul', { className: 'jobs' }, jobs.map(jobItem)) : note('no index job since the server started'),
    element('h3', {}, [`Documents (${documents.length})`]),
    element('ul', { className: 'documents' }, documents.map((document) => element('li', { data: { document: document.id } }, [element('strong', {}, [document.title]), element('span', { className: 'note' }, [` ${document.path} · ${document.format}${document.date ? ` · ${document.date}` : ''}`])]))),
  ]);
}

/** The index tab: an upload form with live progress, then the workspace's status (refreshed after each upload). */
export async function showStatus(explorer: Explorer, container: HTMLElement): Promise<void> {
  const body = element('div', { className: 'status-body' });
  const refresh = () => void showStatusBody(explorer, body).catch((error: unknown) => explorer.report(error));
  show(container, [button('Refresh', refresh), element('h3', {}, ['Index files']), createUploadForm(explorer, refresh), body]);
  await showStatusBody(explorer, body);
}
