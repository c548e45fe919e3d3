import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OPENAPI_FILE } from "../../openapi/document.ts";

type Operation = { responses?: Record<string, unknown> };
const doc = JSON.parse(readFileSync(OPENAPI_FILE, "utf8")) as { paths: Record<string, Record<string, Operation>> };
const methods = new Set(["get", "post", "put", "patch", "delete", "head", "options"]);

/** Paths the spec names that exist today; grows as plugins land. */
/** Every call the spec names for the plugins installed so far (method and path; parameter names may differ). */
const specCalls = [
  "POST /auth/login",
  "POST /auth/refresh_token",
  "DELETE /auth/logout",
  "GET /auth/me",
  "GET /version",
  "POST /auth/signup",
  "POST /forgetpassword/{email}",
  "POST /resetpasswords/{email}/{token}/{newPassword}",
  "GET /users/",
  "GET /users/list",
  "GET /users/{id}",
  "POST /users",
  "PUT /users/{id}",
  "DELETE /users/{id}",
  "POST /users/{id}/media-upload",
  "PUT /users/toggleChangeWidht/{userId}",
  "POST /companies",
  "PUT /companies/{id}",
  "DELETE /companies/{id}",
  "GET /companies/list",
  "GET /companies/{id}",
  "GET /companies",
  "GET /companiesPlan/",
  "GET /companies/listPlan/{companyId}",
  "PUT /companies/{id}/schedules",
  "GET /plans/list",
  "GET /plans/all",
  "POST /plans",
  "PUT /plans/{id}",
  "DELETE /plans/{id}",
  "GET /helps",
  "GET /helps/list",
  "POST /helps",
  "PUT /helps/{id}",
  "DELETE /helps/{id}",
  "GET /settings",
  "PUT /settings/{key}",
  "GET /setting/{key}",
  "GET /public-settings/{key}",
  "GET /companySettings/{id}",
  "GET /companySettingOne",
  "PUT /companySettings",
  "GET /companySettingOnePayment",
  "POST /settings-whitelabel/logo",
  "POST /settings/cert-upload",
  "GET /announcements/",
  "GET /announcements/{id}",
  "PUT /announcements/{id}",
  "DELETE /announcements/{id}",
  "POST /announcements",
  "POST /announcements/{id}/media-upload",
  "DELETE /announcements/{id}/media-upload",
  "GET /contacts",
  "GET /contacts/list",
  "GET /contacts/{id}",
  "PUT /contacts/{id}",
  "POST /contacts",
  "DELETE /contacts/{id}",
  "PUT /contacts/toggleAcceptAudio/{id}",
  "PUT /contacts/block/{id}",
  "PUT /contacts/toggleDisableBot/{contactId}",
  "POST /tags",
  "GET /tags",
  "GET /tags/list",
  "PUT /tags/{id}",
  "DELETE /tags/{id}",
  "POST /tags/sync",
  "GET /contactTags/{contactId}",
  "GET /queue",
  "GET /queue/{id}",
  "POST /queue",
  "PUT /queue/{id}",
  "DELETE /queue/{id}",
  "GET /chatbot/{id}",
  "PUT /chatbot/{id}",
  "POST /chatbot",
  "DELETE /chatbot/{id}",
  "GET /whatsapp/",
  "GET /whatsapp/filter",
  "GET /whatsapp/{id}",
  "GET /whatsapp-admin/{id}",
  "GET /whatsapp/all/",
  "POST /whatsapp",
  "PUT /whatsapp/{id}",
  "DELETE /whatsapp/{id}",
  "POST /whatsapp/{id}/media-upload",
  "DELETE /whatsapp/{id}/media-upload",
  "POST /whatsappsession/{id}",
  "PUT /whatsappsession/{id}",
  "DELETE /whatsappsession/{id}",
  "DELETE /whatsappsession/admin/{id}",
  "POST /whatsapp-restart/",
  "POST /closedimported/{id}",
  "POST /facebook",
  "POST /ticket-notes",
  "GET /ticket-notes/list",
  "DELETE /ticket-notes/{id}",
  "PUT /ticket-tags/{ticketId}/{tagId}",
  "DELETE /ticket-tags/{ticketId}",
  "GET /contacts/profile/{number}",
  // The original client's contact-import calls (issue 32, item 16).
  "POST /contactsImport",
  "POST /contacts/upload",
  "POST /contacts/import",
  "POST /contacts/import/chats",
  "GET /invoices/all",
  "GET /tickets",
  "GET /tickets/u/{uuid}",
  "GET /tickets/{id}",
  "POST /tickets",
  "PUT /tickets/{id}",
  "DELETE /tickets/{id}",
  "POST /tickets/closeAll",
  "GET /tickets-log/{ticketId}",
  "GET /messages/{ticketUuid}",
  "POST /messages/{ticketId}",
  "POST /messages/edit/{messageId}",
  "DELETE /messages/{id}",
  "GET /messages/transcribeAudio/{file}",
  "POST /message/forward",
  "GET /messages-allMe",
  "POST /messages/lista/{ticketId}",
  "POST /messages/copy/{id}",
  "POST /messages/call/{id}",
  "POST /messages/URL/{id}",
  "POST /messages/PIX/{id}",
  "GET /quick-messages",
  "GET /quick-messages/list",
  "GET /quick-messages/{id}",
  "PUT /quick-messages/{id}",
  "DELETE /quick-messages/{id}",
  "POST /quick-messages",
  "POST /quick-messages/{id}/media-upload",
  "DELETE /quick-messages/{id}/media-upload",
];
const shape = (path: string) => path.replace(/\{[^}]+\}/g, "{}");

describe("the API description", () => {
  it("documents at least one response for every operation", () => {
    const bare: string[] = [];
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item)) if (methods.has(method) && Object.keys(op.responses ?? {}).length === 0) bare.push(`${method.toUpperCase()} ${path}`);
    expect(bare, "operations without a documented response").toEqual([]);
  });

  it("documents every call the spec names", () => {
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.keys(item)
          .filter((m) => methods.has(m))
          .map((m) => `${m.toUpperCase()} ${shape(path)}`),
      ),
    );
    const missing = specCalls.filter((call) => {
      const [method, path] = call.split(" ") as [string, string];
      return !documented.has(`${method} ${shape(path)}`);
    });
    expect(missing, "calls named by the spec but missing from openapi/openapi.json").toEqual([]);
  });

  it("describes every response it documents", () => {
    const undescribed: string[] = [];
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item))
        for (const [status, res] of Object.entries(op.responses ?? {}))
          if (!(res as { description?: string }).description) undescribed.push(`${method.toUpperCase()} ${path} ${status}`);
    expect(undescribed).toEqual([]);
  });
});
