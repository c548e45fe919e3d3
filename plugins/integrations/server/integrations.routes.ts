import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, IdParam, jsonBody as body, jsonResponse as json, MessageSchema } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import {
  QueueIntegration,
  QueueIntegrationInput,
  QueueIntegrationPage,
  QueueIntegrationPatch,
  QueueIntegrationQuery,
  TestSessionInput,
  TestSessionResult,
} from "./integrations.schemas.ts";

const route = routeFactory(manifest);
const notFound = errorResponse("ERR_NO_INTEGRATION_FOUND");

export const list = route({
  method: "get",
  path: "/queueIntegration",
  access: "admin",
  request: { query: QueueIntegrationQuery },
  responses: { 200: json(QueueIntegrationPage, "A page (20) of the company's integrations, searched by name or type") },
});

export const show = route({
  method: "get",
  path: "/queueIntegration/{id}",
  access: "admin",
  request: { params: IdParam },
  responses: { 200: json(QueueIntegration, "One integration (its secret never answered)"), 404: notFound },
});

export const create = route({
  method: "post",
  path: "/queueIntegration",
  access: "admin",
  request: body(QueueIntegrationInput),
  responses: {
    200: json(
      QueueIntegration,
      "The created integration. Name 2-50; n8n and webhook need urlN8N; typebot needs urlN8N and typebotSlug; dialogflow needs projectName and a service account in jsonContent; flowbuilder needs the flow's id in projectName. urlN8N must pass the internal-address guard (ERR_VALIDATION on the field).",
    ),
  },
});

export const testSession = route({
  method: "post",
  path: "/queueIntegration/testSession",
  access: "admin",
  request: body(TestSessionInput),
  responses: { 200: json(TestSessionResult, "Really calls the service (Dialogflow detectIntent 'hello', Typebot startChat, an n8n/webhook ping) and says what failed") },
});

export const update = route({
  method: "put",
  path: "/queueIntegration/{id}",
  access: "admin",
  request: { params: IdParam, ...body(QueueIntegrationPatch) },
  responses: { 200: json(QueueIntegration, "The updated integration (an absent jsonContent keeps the stored secret; empty clears it)"), 404: notFound },
});

export const remove = route({
  method: "delete",
  path: "/queueIntegration/{id}",
  access: "admin",
  request: { params: IdParam },
  responses: {
    200: json(MessageSchema, "Deleted"),
    404: notFound,
    409: errorResponse("ERR_INTEGRATION_IN_USE: a queue, a chatbot option or a connection names it (usedBy lists them)"),
  },
});
