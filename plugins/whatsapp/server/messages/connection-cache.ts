import type { ServiceMap, Services } from "../../../../core/plugin/services.ts";
import type { ConnectionRow } from "../../../connections/server/connections.contract.ts";
import { BoundedMap } from "./bounded.ts";

/** Connection options change rarely and are read on every message: reused for a few seconds. */
const TTL_MS = 5_000;

/** The connection rows the message layer reads (groupAsTicket, import options), briefly cached. */
export class ConnectionCache {
  private rows = new BoundedMap<number, Promise<ConnectionRow | null>>(5_000, TTL_MS);

  constructor(private services: Services) {}

  get(companyId: number, whatsappId: number): Promise<ConnectionRow | null> {
    const hit = this.rows.get(whatsappId);
    if (hit) return hit;
    const get = this.services.get("connections.get") as ServiceMap["connections.get"];
    const pending = get(companyId, whatsappId).catch((err) => {
      this.rows.delete(whatsappId);
      throw err;
    });
    this.rows.set(whatsappId, pending);
    return pending;
  }

  /** The row as stored now (history import reads its options once, uncached). */
  fresh(companyId: number, whatsappId: number): Promise<ConnectionRow | null> {
    this.rows.delete(whatsappId);
    return this.get(companyId, whatsappId);
  }
}
