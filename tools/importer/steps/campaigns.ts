import { campaignSettings, campaignShippings, campaigns, contactListItems, contactLists } from "../../../plugins/campaigns/schema/tables.ts";
import { fileListOptions, fileLists } from "../../../plugins/file-lists/schema/tables.ts";
import { flowCampaigns, flows, flowVersions } from "../../../plugins/flows/schema/tables.ts";
import { fold } from "../../../plugins/flows/shared/flow-engine.ts";
import { queueIntegrations } from "../../../plugins/integrations/schema/tables.ts";
import { prompts } from "../../../plugins/prompts/schema/tables.ts";
import { mimeOfName } from "../../../plugins/tickets/server/messages/media.ts";
import { publicRelative } from "../media.ts";
import type { Outcome, PageContext, Step } from "../step.ts";
import { bool, int, iso, isoOrNow, json, oneOf, str, strOrNull } from "./values.ts";

const TIMESTAMPS = ["createdAt", "updatedAt"];
const MESSAGES = ["message1", "message2", "message3", "message4", "message5"];
const CONFIRMATIONS = ["confirmationMessage1", "confirmationMessage2", "confirmationMessage3", "confirmationMessage4", "confirmationMessage5"];

/** Contact lists of the campaigns. */
export const contactListsStep: Step = {
  table: "ContactLists",
  known: ["id", "name", "companyId", ...TIMESTAMPS],
  required: ["id", "name", "companyId"],
  scope: `"companyId" = $company`,
  key: ["id"],
  mapped: true,
  async map(rows, ctx) {
    const out: Outcome[] = [];
    for (const r of rows)
      out.push({
        source: Number(r.id),
        insert: {
          table: contactLists,
          values: { id: await ctx.newId(contactLists), companyId: ctx.companyId!, name: str(r.name), createdAt: isoOrNow(r.createdAt), updatedAt: isoOrNow(r.updatedAt) },
        },
      });
    return out;
  },
};

/** The entries of a contact list (numbers as digits). */
export const contactListItemsStep: Step = {
  table: "ContactListItems",
  known: ["id", "name", "number", "email", "contactListId", "isWhatsappValid", "companyId", "isGroup", ...TIMESTAMPS],
  required: ["id", "number", "contactListId"],
  scope: `"contactListId" IN (SELECT "id" FROM "ContactLists" WHERE "companyId" = $company)`,
  key: ["id"],
  mapped: true,
  refs: { contactListId: "ContactLists" },
  async map(rows, ctx) {
    const out: Outcome[] = [];
    for (const r of rows) {
      const contactListId = ctx.ref("ContactLists", r.contactListId);
      const number = bool(r.isGroup) ? str(r.number).trim() : str(r.number).replace(/\D/g, "");
      if (!contactListId) out.push({ source: Number(r.id), skip: "its contact list was not imported" });
      else if (!number) out.push({ source: Number(r.id), skip: "no number", permanent: true });
      else
        out.push({
          source: Number(r.id),
          insert: {
            table: contactListItems,
            values: {
              id: await ctx.newId(contactListItems),
              companyId: ctx.companyId!,
              contactListId,
              name: str(r.name, number),
              number,
              email: str(r.email),
              isWhatsappValid: bool(r.isWhatsappValid, true),
              createdAt: isoOrNow(r.createdAt),
              updatedAt: isoOrNow(r.updatedAt),
            },
          },
        });
    }
    return out;
  },
};

/**
 * Campaigns with their five messages, confirmations and attachment (`company{id}/`). One that
 * was scheduled or running comes in stopped (INATIVA): the old server may still be sending
 * it, and the administrator starts it here after the switch.
 */
export const campaignsStep: Step = {
  table: "Campaigns",
  known: [
    "id",
    "name",
    ...MESSAGES,
    ...CONFIRMATIONS,
    "status",
    "confirmation",
    "mediaPath",
    "mediaName",
    "companyId",
    "contactListId",
    "whatsappId",
    "scheduledAt",
    "completedAt",
    "userId",
    "statusTicket",
    "queueId",
    "openTicket",
    ...TIMESTAMPS,
  ],
  required: ["id", "name", "companyId"],
  scope: `"companyId" = $company`,
  key: ["id"],
  mapped: true,
  refs: { contactListId: "ContactLists", whatsappId: "Whatsapps", userId: "Users", queueId: "Queues" },
  async map(rows, ctx) {
    const companyId = ctx.companyId!;
    const out: Outcome[] = [];
    for (const r of rows) {
      const old = str(r.status).toUpperCase();
      const status = oneOf(old === "PROGRAMADA" || old === "EM_ANDAMENTO" ? "INATIVA" : old, ["INATIVA", "CANCELADA", "FINALIZADA"] as const, "INATIVA");
      const file = strOrNull(r.mediaPath);
      const stored = file ? await ctx.media.copy(`company${ctx.sourceCompanyId}/${file}`, companyId) : null;
      const texts: Record<string, string> = {};
      for (const k of [...MESSAGES, ...CONFIRMATIONS]) texts[k] = str(r[k]);
      out.push({
        source: Number(r.id),
        insert: {
          table: campaigns,
          values: {
            id: await ctx.newId(campaigns),
            companyId,
            name: str(r.name),
            ...texts,
            status,
            confirmation: bool(r.confirmation),
            mediaPath: stored,
            mediaName: stored ? str(r.mediaName, file ?? "") : null,
            // The runner sends by type (image, audio, video, else a document).
            mediaType: stored ? mimeOfName(stored) : null,
            scheduledAt: iso(r.scheduledAt),
            completedAt: iso(r.completedAt),
            contactListId: ctx.ref("ContactLists", r.contactListId) ?? null,
            whatsappId: ctx.ref("Whatsapps", r.whatsappId) ?? null,
            userId: ctx.ref("Users", r.userId) ?? null,
            queueId: ctx.ref("Queues", r.queueId) ?? null,
            statusTicket: oneOf(r.statusTicket, ["closed", "pending", "open"] as const, "closed"),
            openTicket: oneOf(r.openTicket, ["enabled", "disabled"] as const, "disabled"),
            createdAt: isoOrNow(r.createdAt),
            updatedAt: isoOrNow(r.updatedAt),
          },
        },
      });
    }
    return out;
  },
};

/** Campaign settings (key/value per company; a key we already have keeps ours). */
export const campaignSettingsStep: Step = {
  table: "CampaignSettings",
  known: ["id", "key", "value", "companyId", ...TIMESTAMPS],
  required: ["key", "companyId"],
  scope: `"companyId" = $company`,
  key: ["id"],
  mapped: false,
  async map(rows, ctx) {
    return rows.map(
      (r): Outcome => ({
        source: null,
        insert: {
          table: campaignSettings,
          values: { companyId: ctx.companyId!, key: str(r.key), value: str(r.value), createdAt: isoOrNow(r.createdAt), updatedAt: isoOrNow(r.updatedAt) },
        },
      }),
    );
  },
};

/** What each campaign sent to whom (history): the message variant is the one whose text it carries. */
export const campaignShippingStep: Step = {
  table: "CampaignShipping",
  known: [
    "id",
    "jobId",
    "number",
    "message",
    "confirmationMessage",
    "confirmation",
    "contactId",
    "campaignId",
    "confirmationRequestedAt",
    "confirmedAt",
    "deliveredAt",
    ...TIMESTAMPS,
  ],
  required: ["number", "campaignId"],
  scope: `"campaignId" IN (SELECT "id" FROM "Campaigns" WHERE "companyId" = $company)`,
  key: ["id"],
  mapped: false,
  refs: { campaignId: "Campaigns", contactId: "Contacts" },
  async map(rows, ctx) {
    return rows.map((r): Outcome => {
      const campaignId = ctx.ref("Campaigns", r.campaignId);
      const number = str(r.number).replace(/\D/g, "");
      if (!campaignId) return { source: null, skip: "its campaign was not imported" };
      if (!number) return { source: null, skip: "no number", permanent: true };
      return {
        source: null,
        insert: {
          table: campaignShippings,
          values: {
            companyId: ctx.companyId!,
            campaignId,
            contactId: ctx.ref("Contacts", r.contactId) ?? null,
            number,
            variant: 1,
            confirmationRequestedAt: iso(r.confirmationRequestedAt),
            confirmedAt: iso(r.confirmedAt),
            deliveredAt: iso(r.deliveredAt),
            createdAt: isoOrNow(r.createdAt),
            updatedAt: isoOrNow(r.updatedAt),
          },
        },
      };
    });
  },
};

const INTEGRATION_TYPES = ["dialogflow", "n8n", "webhook", "typebot", "flowbuilder"] as const;

/** Queue integrations (dialogflow, n8n, webhook, typebot, flowbuilder); another type is skipped and counted. */
export const queueIntegrationsStep: Step = {
  table: "QueueIntegrations",
  known: [
    "id",
    "type",
    "name",
    "projectName",
    "jsonContent",
    "language",
    "urlN8N",
    "companyId",
    "typebotSlug",
    "typebotExpires",
    "typebotKeywordFinish",
    "typebotUnknownMessage",
    "typebotDelayMessage",
    "typebotKeywordRestart",
    "typebotRestartMessage",
    ...TIMESTAMPS,
  ],
  required: ["id", "type", "name", "companyId"],
  scope: `"companyId" = $company`,
  key: ["id"],
  mapped: true,
  async map(rows, ctx) {
    const out: Outcome[] = [];
    for (const r of rows) {
      const type = str(r.type).toLowerCase();
      if (!(INTEGRATION_TYPES as readonly string[]).includes(type)) {
        out.push({ source: Number(r.id), skip: `integration type "${type.slice(0, 40)}" unknown here`, permanent: true });
        continue;
      }
      // Sequelize's default for urlN8N was `true`: a URL that is not one is left empty.
      const url = str(r.urlN8N);
      out.push({
        source: Number(r.id),
        insert: {
          table: queueIntegrations,
          values: {
            id: await ctx.newId(queueIntegrations),
            companyId: ctx.companyId!,
            name: str(r.name),
            type: type as (typeof INTEGRATION_TYPES)[number],
            projectName: str(r.projectName),
            jsonContent: str(r.jsonContent),
            language: str(r.language),
            urlN8N: /^https?:\/\//i.test(url) ? url : "",
            typebotSlug: str(r.typebotSlug),
            typebotExpires: int(r.typebotExpires, 1),
            typebotKeywordFinish: str(r.typebotKeywordFinish),
            typebotKeywordRestart: str(r.typebotKeywordRestart),
            typebotRestartMessage: str(r.typebotRestartMessage),
            typebotUnknownMessage: str(r.typebotUnknownMessage),
            typebotDelayMessage: int(r.typebotDelayMessage, 1000),
            createdAt: isoOrNow(r.createdAt),
            updatedAt: isoOrNow(r.updatedAt),
          },
        },
      });
    }
    return out;
  },
};

/** OpenAI prompts; the API and voice keys are sealed with the vault as the prompts plugin stores them (never kept in clear). */
export const promptsStep: Step = {
  table: "Prompts",
  known: [
    "id",
    "name",
    "apiKey",
    "prompt",
    "maxTokens",
    "maxMessages",
    "temperature",
    "promptTokens",
    "completionTokens",
    "totalTokens",
    "voice",
    "voiceKey",
    "voiceRegion",
    "queueId",
    "companyId",
    ...TIMESTAMPS,
  ],
  required: ["id", "name", "apiKey", "prompt", "companyId"],
  scope: `"companyId" = $company`,
  key: ["id"],
  mapped: true,
  refs: { queueId: "Queues" },
  async map(rows, ctx) {
    const out: Outcome[] = [];
    for (const r of rows) {
      const apiKey = str(r.apiKey);
      const voiceKey = str(r.voiceKey);
      out.push({
        source: Number(r.id),
        insert: {
          table: prompts,
          values: {
            id: await ctx.newId(prompts),
            companyId: ctx.companyId!,
            name: str(r.name),
            prompt: str(r.prompt),
            queueId: ctx.ref("Queues", r.queueId) ?? null,
            maxTokens: int(r.maxTokens, 100),
            temperature: Number.isFinite(Number(r.temperature)) ? Number(r.temperature) : 1,
            maxMessages: int(r.maxMessages, 10),
            voice: str(r.voice, "texto") || "texto",
            voiceKeySealed: voiceKey ? await ctx.kernel.vault.seal(voiceKey) : null,
            voiceRegion: strOrNull(r.voiceRegion),
            apiKeySealed: await ctx.kernel.vault.seal(apiKey),
            apiKeyHint: apiKey.slice(-4),
            promptTokens: int(r.promptTokens),
            completionTokens: int(r.completionTokens),
            createdAt: isoOrNow(r.createdAt),
            updatedAt: isoOrNow(r.updatedAt),
          },
        },
      });
    }
    return out;
  },
};

const MEDIA_NODES = new Set(["img", "audio", "video"]);

/**
 * The files a flow's nodes name (an img/audio/video node's `data.url`, a content block's
 * img/audio/video elements' `value`), which the old server kept at the root of `public/`,
 * copied into the company's storage; each reference becomes our stored name, which the
 * flows plugin serves as `/public/company{id}/{name}`. A file that is missing is reported and
 * its reference emptied (the editor then asks for a new file; a run skips the empty card).
 */
async function copyFlowMedia(nodes: unknown[], ctx: PageContext): Promise<unknown[]> {
  const copied = new Map<string, string | null>();
  const copy = async (value: unknown): Promise<string> => {
    if (typeof value !== "string" || !value.trim()) return typeof value === "string" ? value : "";
    const relative = publicRelative(value);
    if (!copied.has(relative)) copied.set(relative, await ctx.media.copyFirst([relative, `company${ctx.sourceCompanyId}/${relative}`], ctx.companyId!));
    return copied.get(relative) ?? "";
  };
  const out: unknown[] = [];
  for (const node of nodes) {
    if (!node || typeof node !== "object") {
      out.push(node);
      continue;
    }
    const n = node as { type?: unknown; data?: Record<string, unknown> };
    const data = n.data && typeof n.data === "object" ? n.data : null;
    if (data && MEDIA_NODES.has(String(n.type)) && "url" in data) out.push({ ...n, data: { ...data, url: await copy(data.url) } });
    else if (data && n.type === "singleBlock" && Array.isArray(data.elements)) {
      const elements: unknown[] = [];
      for (const e of data.elements as unknown[]) {
        const el = e as { type?: unknown; value?: unknown } | null;
        elements.push(el && typeof el === "object" && MEDIA_NODES.has(String(el.type)) ? { ...el, value: await copy(el.value) } : e);
      }
      out.push({ ...n, data: { ...data, elements } });
    } else out.push(node);
  }
  return out;
}

/**
 * Flows of the flow builder: the stored graph (`flow`: `{nodes, connections}`) becomes the
 * flow's first published version, so the flows plugin opens it as it was, with the files its
 * nodes name copied and those references rewritten (copyFlowMedia).
 */
export const flowBuildersStep: Step = {
  table: "FlowBuilders",
  known: ["id", "user_id", "name", "active", "flow", "company_id", "variables", ...TIMESTAMPS],
  required: ["id", "name", "company_id"],
  scope: `"company_id" = $company`,
  key: ["id"],
  mapped: true,
  refs: { user_id: "Users" },
  async map(rows, ctx) {
    const companyId = ctx.companyId!;
    const out: Outcome[] = [];
    for (const r of rows) {
      const graph = json(r.flow) as { nodes?: unknown; connections?: unknown } | null;
      const id = await ctx.newId(flows);
      const versionId = await ctx.newId(flowVersions);
      const createdAt = isoOrNow(r.createdAt);
      out.push({
        source: Number(r.id),
        insert: { table: flows, values: { id, companyId, name: str(r.name), active: bool(r.active, true), versionId, createdAt, updatedAt: isoOrNow(r.updatedAt) } },
        also: [
          {
            table: flowVersions,
            values: {
              id: versionId,
              companyId,
              flowId: id,
              number: 1,
              nodes: JSON.stringify(Array.isArray(graph?.nodes) ? await copyFlowMedia(graph.nodes, ctx) : []),
              connections: JSON.stringify(Array.isArray(graph?.connections) ? graph.connections : []),
              userId: ctx.ref("Users", r.user_id) ?? null,
              createdAt,
            },
          },
        ],
      });
    }
    return out;
  },
};

/** Phrase campaigns: a phrase that starts a flow (on one connection or any). */
export const flowCampaignsStep: Step = {
  table: "FlowCampaigns",
  known: ["id", "companyId", "userId", "name", "flowId", "phrase", "status", "whatsappId", ...TIMESTAMPS],
  required: ["id", "name", "flowId", "phrase", "companyId"],
  scope: `"companyId" = $company`,
  key: ["id"],
  mapped: true,
  refs: { flowId: "FlowBuilders", whatsappId: "Whatsapps" },
  async map(rows, ctx) {
    const out: Outcome[] = [];
    for (const r of rows) {
      const flowId = ctx.ref("FlowBuilders", r.flowId);
      if (!flowId) {
        out.push({ source: Number(r.id), skip: "its flow was not imported" });
        continue;
      }
      const phrase = str(r.phrase);
      out.push({
        source: Number(r.id),
        insert: {
          table: flowCampaigns,
          values: {
            id: await ctx.newId(flowCampaigns),
            companyId: ctx.companyId!,
            name: str(r.name),
            phrase,
            phraseKey: fold(phrase),
            flowId,
            whatsappId: ctx.ref("Whatsapps", r.whatsappId) ?? null,
            status: bool(r.status, true),
            createdAt: isoOrNow(r.createdAt),
            updatedAt: isoOrNow(r.updatedAt),
          },
        },
      });
    }
    return out;
  },
};

/** File lists (`Files`): a name and a message; their files are `FilesOptions`. */
export const filesStep: Step = {
  table: "Files",
  known: ["id", "companyId", "name", "message", ...TIMESTAMPS],
  required: ["id", "name", "companyId"],
  scope: `"companyId" = $company`,
  key: ["id"],
  mapped: true,
  async map(rows, ctx) {
    const out: Outcome[] = [];
    for (const r of rows)
      out.push({
        source: Number(r.id),
        insert: {
          table: fileLists,
          values: {
            id: await ctx.newId(fileLists),
            companyId: ctx.companyId!,
            name: str(r.name),
            message: str(r.message),
            createdAt: isoOrNow(r.createdAt),
            updatedAt: isoOrNow(r.updatedAt),
          },
        },
      });
    return out;
  },
};

/** The files of a file list, copied from `company{id}/fileList/{list id}/`. */
export const filesOptionsStep: Step = {
  table: "FilesOptions",
  known: ["id", "name", "path", "fileId", "mediaType", ...TIMESTAMPS],
  required: ["id", "fileId"],
  scope: `"fileId" IN (SELECT "id" FROM "Files" WHERE "companyId" = $company)`,
  key: ["id"],
  mapped: true,
  refs: { fileId: "Files" },
  async map(rows, ctx) {
    const companyId = ctx.companyId!;
    const out: Outcome[] = [];
    const positions = new Map<number, number>();
    for (const r of rows) {
      const fileListId = ctx.ref("Files", r.fileId);
      if (!fileListId) {
        out.push({ source: Number(r.id), skip: "its file list was not imported" });
        continue;
      }
      const file = strOrNull(r.path);
      const stored = file ? await ctx.media.copy(`company${ctx.sourceCompanyId}/fileList/${int(r.fileId)}/${file}`, companyId) : null;
      const position = positions.get(fileListId) ?? 0;
      positions.set(fileListId, position + 1);
      out.push({
        source: Number(r.id),
        insert: {
          table: fileListOptions,
          values: {
            id: await ctx.newId(fileListOptions),
            companyId,
            fileListId,
            name: str(r.name),
            path: stored,
            mediaType: strOrNull(r.mediaType),
            originalName: stored ? file : null,
            position,
            createdAt: isoOrNow(r.createdAt),
            updatedAt: isoOrNow(r.updatedAt),
          },
        },
      });
    }
    return out;
  },
};
