import type { QueryMode } from '../../src/core/retrieval-context.js';
import { QUERY_MODES } from '../../src/core/retrieval-context.js';
import type { CoverageMethodSummary } from '../../src/eval/summary.js';
import { barChart } from './bar-chart.js';
import { button, element, note, show } from './dom.js';
import type { Explorer } from './explorer.js';

/** An evaluation run as GET /api/eval/runs lists it. */
interface EvalRunSummary {
  id: string;
  startedAt: string;
  seconds: number;
  methods: Record<string, CoverageMethodSummary>;
}

const EXAMPLE_QUESTIONS = '[\n  {"id": "q1", "question": "…", "expected": ["…"], "hops": 1}\n]';

function runReport(run: EvalRunSummary): HTMLElement {
  const methods = Object.entries(run.methods);
  const hops = [...new Set(methods.flatMap(([, summary]) => Object.keys(summary.byHops)))].sort();
  return element('div', { className: 'eval-run', data: { run: run.id } }, [
    element('h3', {}, [`${new Date(run.startedAt).toLocaleString()} · ${run.seconds.toFixed(1)} s`]),
    barChart(methods.map(([method, summary]) => ({ label: method, value: summary.mean })), 'mean coverage per method'),
    element('table', { className: 'eval-table' }, [
      element('tr', {}, [element('th', {}, ['method']), element('th', {}, ['mean']), ...hops.map((hop) => element('th', {}, [`hops ${hop}`])), element('th', {}, ['complete'])]),
      ...methods.map(([method, summary]) => element('tr', {}, [element('td', {}, [method]), element('td', {}, [summary.mean.toFixed(2)]), ...hops.map((hop) => element('td', {}, [summary.byHops[hop]?.toFixed(2) ?? '–'])), element('td', {}, [`${summary.complete}/${summary.total}`])])),
    ]),
  ]);
}

/** The evaluation runs of this server, each with its chart, newest first. */
async function showRuns(explorer: Explorer, container: HTMLElement): Promise<void> {
  const { runs } = await explorer.api.get<{ runs: EvalRunSummary[] }>('/api/eval/runs');
  show(container, runs.length > 0 ? runs.map(runReport) : [note('no evaluation run on this server yet')]);
}

/** The eval tab: coverage questions (JSON) asked with the chosen modes (POST /api/eval), and the reports with their charts. */
export async function showEvalPanel(explorer: Explorer, container: HTMLElement): Promise<void> {
  const questions = element('textarea', { attributes: { id: 'eval-questions', rows: '5', 'aria-label': 'coverage questions as JSON', placeholder: EXAMPLE_QUESTIONS } });
  const modes = QUERY_MODES.map((mode) => {
    const box = element('input', { attributes: { type: 'checkbox', value: mode, 'data-mode': mode } });
    box.checked = mode === 'auto';
    return { mode, box };
  });
  const runs = element('div', { attributes: { id: 'eval-runs' } });
  const status = element('p', { className: 'note' });
  const submit = element('button', { attributes: { type: 'submit', id: 'eval-submit' } }, ['Run evaluation']);
  const form = element('form', { attributes: { id: 'eval-form' } }, [questions, element('div', { className: 'modes' }, modes.map(({ mode, box }) => element('label', {}, [box, ` ${mode}`]))), submit, status]);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const methods: QueryMode[] = modes.filter(({ box }) => box.checked).map(({ mode }) => mode);
    let parsed: unknown;
    try {
      parsed = JSON.parse(questions.value);
    } catch {
      return show(status, [note('the questions are not valid JSON', 'error')]);
    }
    submit.disabled = true;
    show(status, ['asking…']);
    explorer.api
      .post('/api/eval', { questions: parsed, methods })
      .then(() => showRuns(explorer, runs))
      .then(() => show(status, []))
      .catch((error: unknown) => show(status, [note(error instanceof Error ? error.message : String(error), 'error')]))
      .finally(() => {
        submit.disabled = false;
      });
  });
  show(container, [button('Refresh', () => void showRuns(explorer, runs).catch((error: unknown) => explorer.report(error))), form, runs]);
  await showRuns(explorer, runs);
}
