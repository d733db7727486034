import type { Entity } from '../../src/core/records.js';
import { button, element, note, show } from './dom.js';
import { typeBadge } from './entity-panel.js';
import type { Explorer } from './explorer.js';

/** Entity search: a text (empty lists the most mentioned) and an optional type; a result opens the entity. */
export function createSearchPanel(explorer: Explorer, container: HTMLElement): () => Promise<void> {
  const text = element('input', { attributes: { id: 'search-text', type: 'search', placeholder: 'Search entities', 'aria-label': 'search entities' } });
  const results = element('ul', { attributes: { id: 'search-results' } });
  const search = async () => {
    const query = new URLSearchParams({ q: text.value.trim(), limit: '25' });
    const { entities } = await explorer.api.get<{ entities: Entity[] }>(`/api/entities?${query}`);
    if (entities.length === 0) return show(results, [note('no entity matches')]);
    show(results, entities.map((entity) => element('li', {}, [button(entity.name, () => void explorer.openEntity(entity.id), { className: 'link', data: { entity: entity.id } }), ' ', typeBadge(entity.type)])));
  };
  const form = element('form', { attributes: { id: 'search-form', role: 'search' } }, [text, element('button', { attributes: { type: 'submit' } }, ['Search'])]);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    search().catch((error: unknown) => explorer.report(error));
  });
  show(container, [form, results]);
  return search;
}
