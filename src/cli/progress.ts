import cliProgress from 'cli-progress';
import type { EventSink } from '../events/events.js';

/** A progress display on standard error for index runs; quiet mode prints nothing. */
export function createProgressDisplay(quiet: boolean): { sink: EventSink; stop: () => void } {
  if (quiet) return { sink: () => undefined, stop: () => undefined };
  const bar = new cliProgress.SingleBar(
    { format: ' {stage} [{bar}] {value}/{total}', stream: process.stderr, noTTYOutput: false, hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  let active = false;
  const sink: EventSink = (event) => {
    if (event.type === 'stage-start' && event.total !== undefined && process.stderr.isTTY) {
      bar.start(event.total, 0, { stage: event.stage.padEnd(8) });
      active = true;
    } else if (event.type === 'stage-progress' && active) {
      bar.setTotal(event.total);
      bar.update(event.done, { stage: event.stage.padEnd(8) });
    } else if (event.type === 'stage-end') {
      if (active) bar.stop();
      active = false;
      process.stderr.write(`  ${event.stage.padEnd(8)} done in ${event.seconds.toFixed(2)} s\n`);
    } else if (event.type === 'warning') {
      process.stderr.write(`  warning: ${event.message}\n`);
    }
  };
  return { sink, stop: () => (active ? bar.stop() : undefined) };
}
