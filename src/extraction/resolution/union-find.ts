/** Disjoint sets over string keys, used to merge names that denote one entity. */
export class UnionFind {
  private readonly parents = new Map<string, string>();

  /** Adds a key as its own set if unseen. */
  add(key: string): void {
    if (!this.parents.has(key)) this.parents.set(key, key);
  }

  /** The representative of the key's set. */
  find(key: string): string {
    this.add(key);
    let root = key;
    while (this.parents.get(root) !== root) root = this.parents.get(root) as string;
    let cursor = key;
    while (cursor !== root) {
      const next = this.parents.get(cursor) as string;
      this.parents.set(cursor, root);
      cursor = next;
    }
    return root;
  }

  /** Merges the sets of two keys; returns false when they were already one. */
  union(left: string, right: string): boolean {
    const leftRoot = this.find(left);
    const rightRoot = this.find(right);
    if (leftRoot === rightRoot) return false;
    this.parents.set(rightRoot, leftRoot);
    return true;
  }

  /** Every key grouped by representative. */
  groups(): Map<string, string[]> {
    const result = new Map<string, string[]>();
    for (const key of this.parents.keys()) {
      const root = this.find(key);
      const members = result.get(root) ?? [];
      members.push(key);
      result.set(root, members);
    }
    return result;
  }
}
