import { z } from "@hono/zod-openapi";
import { routeFactory } from "../../../../core/http/route.ts";
import { errorResponse, jsonBody as body, jsonResponse as json } from "../../../../core/http/schemas.ts";
import { manifest } from "../../plugin.ts";
import { CallPayload, CopyPayload, ListPayload, PixPayload, UrlPayload } from "./messages-interactive.ts";
import {
  AllMeQuery,
  CountSchema,
  EditBody,
  FileParam,
  ForwardBody,
  MessageIdParam,
  MessageListQuery,
  MessageListSchema,
  MessageSchema,
  SendFormBody,
  SendJsonBody,
  TicketIdParam,
  TicketUuidParam,
  TranscriptionSchema,
} from "./messages.schemas.ts";

const route = routeFactory(manifest);

export const list = route({
  method: "get",
  path: "/messages/{ticketUuid}",
  access: "user",
  request: { params: TicketUuidParam, query: MessageListQuery },
  responses: {
    200: json(MessageListSchema, "A page of 20 messages (newest page first, each page in ascending time order); opening marks the ticket read"),
    403: errorResponse("ERR_NO_PERMISSION: the user may not open this ticket"),
    404: errorResponse("ERR_NO_TICKET_FOUND"),
  },
});

export const send = route({
  method: "post",
  path: "/messages/{ticketId}",
  access: "user",
  request: {
    params: TicketIdParam,
    body: {
      content: { "application/json": { schema: SendJsonBody }, "multipart/form-data": { schema: SendFormBody } },
      required: false,
    },
  },
  responses: {
    200: json(z.union([MessageSchema, z.array(MessageSchema)]), "The stored message (JSON), or one message per file (multipart); delivery follows through the connection's driver"),
    400: errorResponse("ERR_VALIDATION (empty text: fields.body 'Required') or ERR_SENDING_WAPP_MSG (the ticket is not open)"),
    413: errorResponse("ERR_PAYLOAD_TOO_LARGE: a file over the download limit"),
  },
});

export const edit = route({
  method: "post",
  path: "/messages/edit/{messageId}",
  access: "user",
  request: { params: MessageIdParam, ...body(EditBody) },
  responses: {
    200: json(MessageSchema, "The edited message"),
    400: errorResponse("ERR_EDIT_WINDOW_EXPIRED (older than 15 minutes) or ERR_VALIDATION"),
    403: errorResponse("ERR_NO_PERMISSION: not an own message"),
  },
});

export const remove = route({
  method: "delete",
  path: "/messages/{messageId}",
  access: "user",
  request: { params: MessageIdParam },
  responses: { 200: json(MessageSchema, "The message, now deleted for everybody"), 403: errorResponse("ERR_NO_PERMISSION: not an own message") },
});

export const forward = route({
  method: "post",
  path: "/message/forward",
  access: "user",
  request: body(ForwardBody),
  responses: { 200: json(MessageSchema, "The copy, in the contact's live ticket on the same connection") },
});

export const countAllMe = route({
  method: "get",
  path: "/messages-allMe",
  access: "user",
  request: { query: AllMeQuery },
  responses: { 200: json(CountSchema, "How many messages the company sent (fromMe=true) or received in the period") },
});

export const transcribe = route({
  method: "get",
  path: "/messages/transcribeAudio/{file}",
  access: "user",
  request: { params: FileParam },
  responses: {
    200: json(TranscriptionSchema, "The text of a received .ogg audio message"),
    400: errorResponse("ERR_VALIDATION fields.file 'unexpected audio URL format'"),
    502: errorResponse("ERR_TRANSCRIPTION_FAILED: the speech-to-text service failed"),
  },
});

/** The buttons dialog's kinds (spec 000 §7): same shape, different payloads. */
function interactive<P extends string, S extends z.ZodType>(path: P, schema: S, what: string) {
  return route({
    method: "post",
    path,
    access: "user",
    request: { params: TicketIdParam, ...body(schema) },
    responses: { 200: json(MessageSchema, what), 400: errorResponse("ERR_VALIDATION or ERR_SENDING_WAPP_MSG (the ticket is not open)") },
  });
}

export const sendList = interactive("/messages/lista/{ticketId}", ListPayload, "The list message (listMessage)");
export const sendCopy = interactive("/messages/copy/{ticketId}", CopyPayload, "The copy-code button message (interactiveMessage)");
export const sendCall = interactive("/messages/call/{ticketId}", CallPayload, "The call button message (interactiveMessage)");
export const sendUrl = interactive("/messages/URL/{ticketId}", UrlPayload, "The link button message (interactiveMessage)");
export const sendPix = interactive("/messages/PIX/{ticketId}", PixPayload, "The PIX charge message (interactiveMessage)");
