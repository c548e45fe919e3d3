import { AppError } from "../../../core/errors.ts";
import type { PlanFeatureRegistry } from "../../../core/plugin/plan-features.ts";
import type { PlanLimits } from "../../../core/plugin/plan-limits.ts";
import type { Logger } from "../../../core/log.ts";
import type { Services } from "../../../core/plugin/services.ts";
import type { ConnectionRow } from "../../connections/server/connections.contract.ts";
import type { MetaKind } from "../schema/tables.ts";
import type { Accounts } from "./accounts.ts";
import { GraphError, type GraphClient } from "./graph-client.ts";
import type { FacebookLinkInput, WhatsappApiInput } from "./linking.schemas.ts";

/** What a Page subscribes to: the events the Messenger and Instagram parsers read. */
export const PAGE_FIELDS = "messages,message_deliveries,message_reads,message_reactions,message_edits,messaging_postbacks";
const PLAN_FLAG = { facebook: "useFacebook", instagram: "useInstagram", whatsappapi: "useWhatsapp" } as const;

type Connection = Omit<ConnectionRow, "token"> & { token?: string; queues?: { id: number; name: string; color: string }[]; queueIds?: number[] };
interface Page {
  id: string;
  name: string;
  token: string;
  instagramId: string | null;
}
interface Skipped {
  id: string;
  name: string;
  channel: string;
  reason: string;
}

/**
 * Linking Meta accounts to connections. The Graph API proves the caller controls the
 * account (the token works for it); each account feeds exactly one connection platform
 * wide, so an account another company linked is skipped (Facebook) or refused (Cloud API).
 */
export class Linking {
  constructor(
    private services: Services,
    private accounts: Accounts,
    private graph: GraphClient,
    private logger: Logger,
    /** The kernel's plan features (ctx.planFeatures). */
    private planFeatures: Pick<PlanFeatureRegistry, "forCompany">,
    /** The kernel's plan limits (ctx.planLimits), for the limit the refusal names. */
    private limits: Pick<PlanLimits, "forCompany">,
  ) {}

  async facebook(companyId: number, input: FacebookLinkInput): Promise<{ message: "ok"; connections: Connection[]; skipped: Skipped[] }> {
    await this.ensurePlan(companyId, "facebook");
    if (input.addInstagram) await this.ensurePlan(companyId, "instagram");
    const token = input.facebookUserToken;
    const me = await this.graph
      .call<{ id?: unknown }>("/me", { token, query: { fields: "id,name" } })
      .catch(this.inputError("facebookUserToken", "Invalid or expired Facebook token"));
    if (String(me.id ?? "") !== input.facebookUserId) throw new AppError("ERR_VALIDATION", { fields: { facebookUserId: "Does not match the token" } });
    const pages = await this.pages(token);
    if (!pages.length) throw new AppError("ERR_VALIDATION", { fields: { facebookUserToken: "No Facebook Page is managed with this token" } });
    await this.ensureRoom(companyId, pages, !!input.addInstagram);

    // Webhooks first: a Page that cannot be subscribed would be a connection that never receives.
    for (const page of pages)
      await this.graph
        .call(`/${encodeURIComponent(page.id)}/subscribed_apps`, { method: "POST", token: page.token, query: { subscribed_fields: PAGE_FIELDS } })
        .catch(this.inputError("facebookUserToken", `The Page "${page.name}" could not be subscribed to the app`));

    const connections: Connection[] = [];
    const skipped: Skipped[] = [];
    for (const page of pages) {
      const linked = await this.link(companyId, { kind: "facebook", accountId: page.id, name: page.name, token: page.token, pageId: page.id });
      if ("reason" in linked) skipped.push(linked);
      else connections.push(linked);
      if (!input.addInstagram || !page.instagramId) continue;
      const name = await this.instagramName(page.instagramId, page.token);
      const ig = await this.link(companyId, { kind: "instagram", accountId: page.instagramId, name, token: page.token, pageId: page.id });
      if ("reason" in ig) skipped.push(ig);
      else connections.push(ig);
    }
    return { message: "ok", connections, skipped };
  }

  async whatsappApi(companyId: number, input: WhatsappApiInput): Promise<Connection> {
    await this.ensurePlan(companyId, "whatsappapi");
    const phone = await this.graph
      .call<{ display_phone_number?: unknown; verified_name?: unknown }>(`/${input.phoneNumberId}`, {
        token: input.accessToken,
        query: { fields: "display_phone_number,verified_name" },
      })
      .catch((err: unknown) => {
        if (err instanceof GraphError && err.badToken) throw new AppError("ERR_VALIDATION", { fields: { accessToken: "Invalid or expired access token" } });
        return this.inputError("phoneNumberId", "Not a phone number this token can use")(err);
      });
    const number = String(phone.display_phone_number ?? "").replace(/\D/g, "");
    if (input.wabaId)
      await this.graph
        .call(`/${input.wabaId}/subscribed_apps`, { method: "POST", token: input.accessToken })
        .catch(this.inputError("wabaId", "Could not subscribe this WhatsApp Business Account to the app"));
    const linked = await this.link(companyId, {
      kind: "whatsappapi",
      accountId: input.phoneNumberId,
      name: input.name,
      token: input.accessToken,
      wabaId: input.wabaId ?? null,
      number,
    });
    if ("reason" in linked) throw new AppError("ERR_VALIDATION", { fields: { phoneNumberId: "Already linked to another company's connection" } });
    return linked;
  }

  /**
   * All or nothing: the connections this link would add must fit the plan before any is
   * created (connections.create checks each one again inside its transaction).
   */
  private async ensureRoom(companyId: number, pages: Page[], withInstagram: boolean): Promise<void> {
    const room = await this.services.require("connections.room")(companyId);
    if (room === null) return;
    let needed = 0;
    for (const page of pages) {
      if (!(await this.accounts.rowOf("facebook", page.id))) needed++;
      if (withInstagram && page.instagramId && !(await this.accounts.rowOf("instagram", page.instagramId))) needed++;
    }
    if (needed > room) throw new AppError("ERR_PLAN_LIMIT_CONNECTIONS", { limit: (await this.limits.forCompany(companyId)).connections });
  }

  /**
   * Creates the account's connection, or refreshes the token of this company's existing
   * one; an account of another company is left alone and reported.
   */
  private async link(
    companyId: number,
    a: { kind: MetaKind; accountId: string; name: string; token: string; pageId?: string | null; wabaId?: string | null; number?: string },
  ): Promise<Connection | Skipped> {
    const existing = await this.accounts.rowOf(a.kind, a.accountId);
    if (existing && existing.companyId !== companyId) return { id: a.accountId, name: a.name, channel: a.kind, reason: "linked to another company" };
    const status = { status: "CONNECTED" as const, ...(a.number ? { number: a.number } : {}) };
    if (existing) {
      await this.accounts.save({ ...a, companyId, whatsappId: existing.whatsappId });
      await this.services.require("connections.setStatus")(companyId, existing.whatsappId, status);
      const row = await this.services.require("connections.get")(companyId, existing.whatsappId);
      if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
      return row;
    }
    const created = await this.services.require("connections.create")(companyId, { name: connectionName(a.name, a.kind), channel: a.kind });
    await this.accounts.save({ ...a, companyId, whatsappId: created.id });
    await this.services.require("connections.setStatus")(companyId, created.id, status);
    const row = await this.services.require("connections.get")(companyId, created.id);
    return { ...created, ...(row ?? {}), queues: (created as Connection).queues ?? [], queueIds: created.queueIds };
  }

  /** Every Page of the user, following Graph's cursor (a few hundred at most in practice). */
  private async pages(token: string): Promise<Page[]> {
    const pages: Page[] = [];
    let after: string | undefined;
    for (let i = 0; i < 20; i++) {
      const res = await this.graph
        .call<{ data?: unknown[]; paging?: { next?: unknown; cursors?: { after?: unknown } } }>("/me/accounts", {
          token,
          query: { fields: "id,name,access_token,instagram_business_account", limit: "100", after },
        })
        .catch(this.inputError("facebookUserToken", "Invalid or expired Facebook token"));
      for (const p of res.data ?? []) {
        const page = p as { id?: unknown; name?: unknown; access_token?: unknown; instagram_business_account?: { id?: unknown } };
        if (typeof page.id !== "string" || typeof page.access_token !== "string") continue;
        const ig = page.instagram_business_account?.id;
        pages.push({ id: page.id, name: typeof page.name === "string" ? page.name : page.id, token: page.access_token, instagramId: typeof ig === "string" ? ig : null });
      }
      after = typeof res.paging?.cursors?.after === "string" && res.paging?.next ? res.paging.cursors.after : undefined;
      if (!after) break;
    }
    return pages;
  }

  private async instagramName(id: string, token: string): Promise<string> {
    try {
      const ig = await this.graph.call<{ username?: unknown; name?: unknown }>(`/${encodeURIComponent(id)}`, { token, query: { fields: "username,name" } });
      return typeof ig.username === "string" ? ig.username : typeof ig.name === "string" ? ig.name : `Instagram ${id}`;
    } catch (err) {
      this.logger.warn(`meta: Instagram account ${id} name not read: ${err instanceof Error ? err.message : String(err)}`);
      return `Instagram ${id}`;
    }
  }

  /** The plan flag of the channel, checked before any Graph call (connections.create checks it again). */
  private async ensurePlan(companyId: number, kind: MetaKind): Promise<void> {
    const features = await this.planFeatures.forCompany(companyId);
    const flag = PLAN_FLAG[kind];
    if (features && features[flag] !== true) throw new AppError("ERR_PLAN_FEATURE_DISABLED", { flag });
  }

  /** Graph refusing the caller's input becomes a field error; Graph down or failing is a 502 the caller may retry. */
  private inputError(field: string, message: string) {
    return (err: unknown): never => {
      if (err instanceof GraphError && err.status >= 400 && err.status < 500) throw new AppError("ERR_VALIDATION", { fields: { [field]: message }, graph: err.message });
      if (err instanceof GraphError) throw new AppError("ERR_UPSTREAM_UNAVAILABLE", { graph: err.message });
      throw err;
    };
  }
}

/** A connection name within the 2–50 characters the connections plugin accepts. */
function connectionName(name: string, kind: MetaKind): string {
  const trimmed = name.trim().slice(0, 50);
  return trimmed.length >= 2 ? trimmed : `${kind === "instagram" ? "Instagram" : "Facebook"} ${trimmed}`.trim();
}
