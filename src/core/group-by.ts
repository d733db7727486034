/** Appends `value` to the list under `key`, in place: linear over many appends, where copying the list each time is quadratic. */
export function appendTo<Key, Value>(map: Map<Key, Value[]>, key: Key, value: Value): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Items grouped by key; groups in order of first appearance, items in input order. */
export function groupBy<Item, Key = string>(items: Iterable<Item>, keyOf: (item: Item) => Key): Map<Key, Item[]> {
  const groups = new Map<Key, Item[]>();
  for (const item of items) appendTo(groups, keyOf(item), item);
  return groups;
}
