import type { RhizomeEvent } from '../../src/events/events.js';
import type { IndexJob } from '../../src/server/index-jobs.js';
import { element, note, show } from './dom.js';
import type { Explorer } from './explorer.js';

/** One progress event as a short line: "extract 3/12", "store done in 0.4 s". */
export function describeProgress(event: RhizomeEvent): string {
  switch (event.type) {
    case 'stage-start':
      return `${event.stage}…`;
    case 'stage-progress':
      return `${event.stage} ${event.done}/${event.total}`;
    case 'stage-end':
      return `${event.stage} done in ${event.seconds.toFixed(1)} s`;
    case 'warning':
      return `warning: ${event.message}`;
    case 'llm-call-end':
      return `model call (${event.purpose})`;
  }
}

/** Follows a job's progress events until its `end`, showing the latest (the stages finished in `data-stages`); resolves with the finished job. */
async function followJob(explorer: Explorer, job: IndexJob, progress: HTMLElement): Promise<IndexJob> {
  const stages = new Set<string>();
  for await (const { event, data } of explorer.api.stream(`/api/index/jobs/${encodeURIComponent(job.id)}/events`)) {
    if (event === 'progress') {
      const progressEvent = data as RhizomeEvent;
      progress.textContent = describeProgress(progressEvent);
      if (progressEvent.type === 'stage-end') stages.add(progressEvent.stage);
      progress.dataset.stages = [...stages].join(' ');
    }
    else if (event === 'end') return data as IndexJob;
    else if (event === 'error') throw new Error((data as { error?: { message?: string } }).error?.message ?? 'the index job failed');
  }
  return job;
}

/** Uploads files to index (POST /api/index/upload) and shows the job's progress live; `onDone` runs when it has finished. */
export function createUploadForm(explorer: Explorer, onDone: (job: IndexJob) => void): HTMLElement {
  const files = element('input', { attributes: { type: 'file', id: 'upload-files', multiple: '', 'aria-label': 'files to index' } });
  const submit = element('button', { attributes: { type: 'submit', id: 'upload-submit' } }, ['Upload and index']);
  const progress = element('p', { className: 'note', attributes: { id: 'upload-progress', 'aria-live': 'polite' } });
  const form = element('form', { attributes: { id: 'upload-form' } }, [files, submit, progress]);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!files.files || files.files.length === 0) return show(progress, ['choose files first']);
    submit.disabled = true;
    show(progress, ['uploading…']);
    explorer.api
      .upload<IndexJob>('/api/index/upload', files.files)
      .then((job) => followJob(explorer, job, progress))
      .then((job) => {
        progress.dataset.state = job.state;
        show(progress, [job.state === 'done' ? `indexed: ${job.summary?.documents.added ?? 0} added, ${job.summary?.documents.changed ?? 0} changed` : `${job.state}: ${job.error?.message ?? ''}`]);
        onDone(job);
      })
      .catch((error: unknown) => show(progress, [note(error instanceof Error ? error.message : String(error), 'error')]))
      .finally(() => {
        submit.disabled = false;
      });
  });
  return form;
}
