/**
 * What the start rules would otherwise read on every customer message (the flows bench,
 * tests/bench/flows.ts): a company's active phrases, and a connection's welcome / "no phrase"
 * flows. Kept in process, dropped when this process changes them (a phrase campaign's write,
 * the connections plugin's `connections.whatsapp.updated` / `deleted` events), and at most
 * `ttlMs` old, which bounds what another process's change takes to be seen here.
 */
export interface ConnectionFlows {
  welcome: number | null;
  notPhrase: number | null;
}

export class StartRuleCaches {
  private phraseSets = new Map<number, { value: Set<string>; at: number }>();
  private connections = new Map<number, { value: ConnectionFlows | null; at: number }>();

  /** `ttlMs` 0: nothing is kept (every call loads; the bench's "before"). */
  constructor(private ttlMs = 2_000) {}

  /** The company's active phrase keys (folded), loaded by `load` when missing or old; null when nothing is kept (look the phrase up). */
  phrases(companyId: number, load: () => Set<string>): Set<string> | null {
    return this.ttlMs > 0 ? this.cached(this.phraseSets, companyId, load) : null;
  }

  /** A connection's flow ids (null: no such connection), loaded by `load` when missing or old. */
  connection(whatsappId: number, load: () => ConnectionFlows | null): ConnectionFlows | null {
    return this.cached(this.connections, whatsappId, load);
  }

  phrasesChanged(companyId: number): void {
    this.phraseSets.delete(companyId);
  }

  connectionChanged(whatsappId: number): void {
    this.connections.delete(whatsappId);
  }

  private cached<T>(map: Map<number, { value: T; at: number }>, key: number, load: () => T): T {
    const now = Date.now();
    const hit = map.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = load();
    if (this.ttlMs > 0) map.set(key, { value, at: now });
    return value;
  }
}
