import type { Answer } from '../../src/answer/answer.js';
import { QUERY_MODES } from '../../src/core/retrieval-context.js';
import { highlightPaths } from './answer-paths.js';
import { button, element, note, show, type Child } from './dom.js';
import { citationButton } from './entity-panel.js';
import type { Explorer } from './explorer.js';

/** The answer text with each citation marker `[n]` as a button that opens the passage it cites. */
function answerWithCitations(explorer: Explorer, answer: Answer): Child[] {
  return answer.answer.split(/(\[\d+\])/).map((piece) => {
    const marker = /^\[(\d+)\]$/.exec(piece);
    const citation = marker ? answer.citations[Number(marker[1]) - 1] : undefined;
    return citation ? citationButton(explorer, citation, piece) : piece;
  });
}

function showAnswer(explorer: Explorer, target: HTMLElement, answer: Answer): void {
  const paths = element('ul', { className: 'paths' }, answer.paths.map((path) => element('li', {}, [button(path, () => void highlightPaths(explorer, [path]).catch((error: unknown) => explorer.report(error)), { className: 'link path' })])));
  show(target, [
    element('p', { className: answer.found ? 'answer-text' : 'answer-text not-found', data: { state: 'answered' } }, answerWithCitations(explorer, answer)),
    element('p', { className: 'note' }, [`mode ${answer.mode} · ${answer.metadata.route}: ${answer.metadata.reason}`]),
    answer.paths.length > 0 ? element('h3', {}, ['Graph paths']) : null,
    answer.paths.length > 0 ? paths : null,
    answer.citations.length > 0 ? element('h3', {}, ['Sources']) : null,
    element('ol', { className: 'sources' }, answer.citations.map((citation) => element('li', {}, [citationButton(explorer, citation)]))),
  ]);
}

/** Streams one answer into `target`: pieces as they come, then the answer with its citations, its best path lit up in the graph (then its state is `done`). */
async function ask(explorer: Explorer, target: HTMLElement, question: string, mode: string): Promise<void> {
  const streaming = element('p', { className: 'answer-text', data: { state: 'streaming' } });
  const stage = note('retrieving…');
  show(target, [stage, streaming]);
  for await (const { event, data } of explorer.api.stream('/api/query', { question, stream: true, ...(mode === 'default' ? {} : { mode }) })) {
    if (event === 'progress') stage.textContent = `${String((data as { stage?: string }).stage ?? 'working')}…`;
    else if (event === 'delta') streaming.append((data as { text: string }).text);
    else if (event === 'error') throw new Error((data as { error?: { message?: string } }).error?.message ?? 'the answer failed');
    else if (event === 'answer') {
      const answer = data as Answer;
      showAnswer(explorer, target, answer);
      await highlightPaths(explorer, answer.paths.slice(0, 1));
      const text = target.querySelector<HTMLElement>('.answer-text');
      if (text) text.dataset.state = 'done';
    }
  }
}

/** The ask box: a question, a mode (auto, local, global, hybrid, naive …), the streamed answer with clickable citations. */
export function createAskPanel(explorer: Explorer, container: HTMLElement): void {
  const question = element('textarea', { attributes: { id: 'ask-question', rows: '3', placeholder: 'Ask a question about the documents', required: '' } });
  const mode = element('select', { attributes: { id: 'ask-mode', 'aria-label': 'mode' } }, [element('option', { attributes: { value: 'default' } }, ['default mode']), ...QUERY_MODES.map((name) => element('option', { attributes: { value: name } }, [name]))]);
  const submit = element('button', { attributes: { type: 'submit', id: 'ask-submit' } }, ['Ask']);
  const output = element('div', { attributes: { id: 'answer', 'aria-live': 'polite' } });
  const form = element('form', { attributes: { id: 'ask-form' } }, [question, element('div', { className: 'row' }, [mode, submit])]);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit.disabled = true;
    ask(explorer, output, question.value.trim(), mode.value)
      .catch((error: unknown) => show(output, [note(error instanceof Error ? error.message : String(error), 'error')]))
      .finally(() => {
        submit.disabled = false;
      });
  });
  show(container, [form, output]);
}
