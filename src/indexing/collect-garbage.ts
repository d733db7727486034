import v8 from 'node:v8';
import vm from 'node:vm';

let collect: (() => void) | undefined;

/** Heap in use (bytes) below which a stage boundary leaves collection to V8: a small index's garbage is not worth a pause. */
const STAGE_GARBAGE_HEAP_BYTES = 256 * 1024 * 1024;

/**
 * collectGarbage between two stages of a large write (heap in use above 256 MiB); nothing for a small
 * index, nor for a run that writes a small part of a large one (`largeWrite` false): that write's
 * memory is small, so the garbage left resident through it does not raise the peak, and a full
 * collection of a large heap would cost more than the rest of a one-document change.
 */
export function releaseStageGarbage(largeWrite: boolean): void {
  if (largeWrite && process.memoryUsage().heapUsed > STAGE_GARBAGE_HEAP_BYTES) collectGarbage();
}

/**
 * Runs a full garbage collection now. Between the stages of a large index, about half the heap is
 * what the stages before left behind (at 12k passages, 0.46 of 0.95 GB at the store stage), and V8
 * collects it only when the heap itself needs room: the store stage's memory is Kuzu's, outside the
 * heap, so without this the garbage stays resident through the write and its peak. Uses the process's
 * `gc` when started with --expose-gc, else one obtained for this purpose (the flag is switched back off).
 */
export function collectGarbage(): void {
  collect ??= (globalThis as { gc?: () => void }).gc ?? exposedGc();
  collect();
}

function exposedGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  try {
    return vm.runInNewContext('gc') as () => void;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}
