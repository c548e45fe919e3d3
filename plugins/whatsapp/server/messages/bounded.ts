/**
 * A Map that forgets its oldest entries past `limit` (insertion order, refreshed on set),
 * with an optional time to live: the in-memory bookkeeping of the message layer (recent
 * keys, caches) must never grow without bound in a long-running process.
 */
export class BoundedMap<K, V> {
  private map = new Map<K, { value: V; at: number }>();

  constructor(
    private limit: number,
    private ttlMs = Number.POSITIVE_INFINITY,
  ) {}

  get(key: K): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.at > this.ttlMs) {
      this.map.delete(key);
      return undefined;
    }
    return hit.value;
  }

  has(key: K): boolean {
    return this.get(key) !== undefined;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, { value, at: Date.now() });
    while (this.map.size > this.limit) this.map.delete(this.map.keys().next().value as K);
  }

  delete(key: K): void {
    this.map.delete(key);
  }
}

/**
 * Runs tasks one after another per key (a chat), in parallel across keys: messages of one
 * chat are stored in the order WhatsApp delivered them (quotes and reactions find what
 * they point at), while a slow media download in one chat does not hold up the others.
 */
export class KeyedQueue {
  private tails = new Map<string, Promise<void>>();

  run(key: string, task: () => Promise<void>): Promise<void> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.then(task, task).catch(() => {});
    this.tails.set(key, next);
    void next.then(() => {
      if (this.tails.get(key) === next) this.tails.delete(key);
    });
    return next;
  }

  /** Resolves once everything queued so far has run (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.tails.size) await Promise.all([...this.tails.values()]);
  }
}
