import { routeFactory } from "../../../../core/http/route.ts";
import { errorResponse, IdParam, jsonResponse as json, MessageSchema } from "../../../../core/http/schemas.ts";
import { manifest } from "../../plugin.ts";
import { StartSessionAnswer, StartSessionInput } from "./session.schemas.ts";

const route = routeFactory(manifest);
/** Who may drive sessions: the same rule as changing connections (spec 001 §6). */
export const RULE = "connections-page:addConnection";
const notFound = { 404: errorResponse("ERR_NO_WAPP_FOUND: not a connection of the company") };
const notStarted = {
  400: errorResponse(
    "ERR_WAPP_NOT_INITIALIZED (reason SESSION_OWNED_ELSEWHERE: another server drives this session; PAIRING_CODE_TIMEOUT / PAIRING_CODE_REFUSED) or ERR_VALIDATION",
  ),
};
const progress = 'Progress arrives on company-{companyId}-whatsappSession `{ action: "update", session, pairingCode? }` and company-{companyId}-whatsapp.';

export const start = route({
  method: "post",
  path: "/whatsappsession/{id}",
  access: "user",
  rule: RULE,
  description: `Starts (or retries) the WhatsApp session of a connection of channel "whatsapp". Stored credentials resume without a QR; otherwise status becomes qrcode with the QR in \`qrcode\`. With \`phoneNumber\` a pairing code is requested instead (status PAIRING) and answered as \`pairingCode\`. ${progress}`,
  request: { params: IdParam, body: { content: { "application/json": { schema: StartSessionInput } }, required: false } },
  responses: { 200: json(StartSessionAnswer, "Starting"), ...notStarted, ...notFound },
});

export const newQr = route({
  method: "put",
  path: "/whatsappsession/{id}",
  access: "user",
  rule: RULE,
  description: `New QR: unlinks the device when it is linked (logout), forgets the session keys and starts again, so a new QR shows. ${progress}`,
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Starting with a new QR"), ...notStarted, ...notFound },
});

export const disconnect = route({
  method: "delete",
  path: "/whatsappsession/{id}",
  access: "user",
  rule: RULE,
  description: "Disconnects: logout when the session is live, forgets the session keys, status DISCONNECTED.",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Disconnected"), ...notFound },
});

export const disconnectAny = route({
  method: "delete",
  path: "/whatsappsession/admin/{id}",
  access: "super",
  description: "Disconnects any company's WhatsApp connection (super user), like DELETE /whatsappsession/{id}.",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Disconnected"), ...notFound },
});

const restartConfig = {
  method: "post",
  path: "/whatsapp-restart",
  access: "user",
  rule: RULE,
  description: "Restarts every WhatsApp session of the caller's company: live ones reopen, stored ones resume (no new QR).",
  responses: { 200: json(MessageSchema, "Restarting") },
} as const;
export const restart = route(restartConfig);
/** The spec's clients call it with a trailing slash too. */
export const restartSlash = route({ ...restartConfig, path: "/whatsapp-restart/" });
