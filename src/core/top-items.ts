/**
 * The first `size` items a stable sort by `compare` would give, kept while items are offered one by
 * one: the same items in the same order as `items.sort(compare).slice(0, size)`, without sorting
 * every item (a community's terms or chunks run to thousands, of which a few are kept).
 */
export class TopItems<Item> {
  readonly items: Item[] = [];

  constructor(
    private readonly size: number,
    private readonly compare: (left: Item, right: Item) => number,
  ) {}

  offer(item: Item): void {
    if (this.size <= 0) return;
    if (this.items.length === this.size && this.compare(item, this.items[this.size - 1] as Item) >= 0) return;
    let at = this.items.length;
    while (at > 0 && this.compare(item, this.items[at - 1] as Item) < 0) at -= 1;
    this.items.splice(at, 0, item);
    if (this.items.length > this.size) this.items.pop();
  }
}

/** The item a stable sort by `compare` would put first (the earliest of equals), without sorting; undefined when there is none. */
export function firstInOrder<Item>(items: readonly Item[], compare: (left: Item, right: Item) => number): Item | undefined {
  let first = items[0];
  for (let index = 1; index < items.length; index++) if (compare(items[index] as Item, first as Item) < 0) first = items[index];
  return first;
}
