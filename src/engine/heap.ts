/**
 * An indexed binary min-heap over node numbers, keyed by a caller-owned Float64Array, with
 * decrease-key. Ties on the key are broken by the smaller node number, so every search that uses
 * it visits nodes in one fixed order. No allocation after construction.
 */
export class NodeHeap {
  private readonly heap: Int32Array;
  /** Position of each node in `heap`, −1 when absent. */
  private readonly where: Int32Array;
  private count = 0;

  constructor(
    capacity: number,
    private readonly key: Float64Array,
  ) {
    this.heap = new Int32Array(capacity);
    this.where = new Int32Array(capacity).fill(-1);
  }

  get size(): number {
    return this.count;
  }

  /** Empties the heap (only the nodes still inside need resetting). */
  clear(): void {
    for (let i = 0; i < this.count; i++) this.where[this.heap[i]] = -1;
    this.count = 0;
  }

  /** Inserts a node, or moves it up after its key decreased. */
  push(node: number): void {
    let at = this.where[node];
    if (at < 0) {
      at = this.count++;
      this.heap[at] = node;
      this.where[node] = at;
    }
    this.up(at);
  }

  pop(): number {
    const top = this.heap[0];
    this.where[top] = -1;
    const last = this.heap[--this.count];
    if (this.count > 0) {
      this.heap[0] = last;
      this.where[last] = 0;
      this.down(0);
    }
    return top;
  }

  private less(a: number, b: number): boolean {
    const ka = this.key[a];
    const kb = this.key[b];
    return ka < kb || (ka === kb && a < b);
  }

  private up(at: number): void {
    const heap = this.heap;
    const node = heap[at];
    while (at > 0) {
      const parent = (at - 1) >> 1;
      const p = heap[parent];
      if (!this.less(node, p)) break;
      heap[at] = p;
      this.where[p] = at;
      at = parent;
    }
    heap[at] = node;
    this.where[node] = at;
  }

  private down(at: number): void {
    const heap = this.heap;
    const n = this.count;
    const node = heap[at];
    for (;;) {
      let child = 2 * at + 1;
      if (child >= n) break;
      if (child + 1 < n && this.less(heap[child + 1], heap[child])) child++;
      const c = heap[child];
      if (!this.less(c, node)) break;
      heap[at] = c;
      this.where[c] = at;
      at = child;
    }
    heap[at] = node;
    this.where[node] = at;
  }
}
