import type { GraphStore } from '../../src/graph/store.js';

/** The store, with the calls of one of its methods counted. */
export function countingCalls(store: GraphStore, method: keyof GraphStore): { store: GraphStore; calls: () => number } {
  let calls = 0;
  const counted = new Proxy(store, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (typeof value !== 'function') return value;
      const bound = (value as (...args: unknown[]) => unknown).bind(target);
      return property === method ? (...args: unknown[]) => ((calls += 1), bound(...args)) : bound;
    },
  });
  return { store: counted, calls: () => calls };
}
