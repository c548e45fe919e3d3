import { z } from "@hono/zod-openapi";
import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, IdParam, jsonBody as body, jsonResponse as json, MessageSchema } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { ChatbotCreate, ChatbotOptionSchema, ChatbotPatch, Queue, QueueInput, QueuePatch, QueueSummary, ReferenceKinds } from "./queues.schemas.ts";

const route = routeFactory(manifest);

export const list = route({
  method: "get",
  path: "/queue",
  access: "user",
  description: "Every queue of the caller's company (by orderQueue, unset last), with office hours, without option trees.",
  responses: { 200: json(z.array(QueueSummary), "The company's queues") },
});

export const show = route({
  method: "get",
  path: "/queue/{id}",
  access: "user",
  description: "One queue with its office hours and chatbot option tree.",
  request: { params: IdParam },
  responses: { 200: json(Queue, "The queue") },
});

export const create = route({
  method: "post",
  path: "/queue",
  access: "admin",
  description:
    "Creates a queue (with an optional option tree in `chatbots`). The colour is unique in the company; a greeting is required once the company has another queue; the out-of-hours message is required while scheduleType is 'queue'; the plan's queue limit applies (0 = unlimited).",
  request: body(QueueInput),
  responses: {
    200: json(Queue, "The created queue"),
    403: errorResponse("ERR_PLAN_LIMIT_QUEUES, or no permission"),
    409: errorResponse("ERR_QUEUE_COLOR_ALREADY_EXISTS"),
  },
});

export const update = route({
  method: "put",
  path: "/queue/{id}",
  access: "admin",
  description: "Updates a queue's fields and office hours; `chatbots`, when sent, is the whole option tree.",
  request: { params: IdParam, ...body(QueuePatch) },
  responses: { 200: json(Queue, "The updated queue"), 409: errorResponse("ERR_QUEUE_COLOR_ALREADY_EXISTS") },
});

export const remove = route({
  method: "delete",
  path: "/queue/{id}",
  access: "admin",
  description: "Deletes a queue with its option tree and user assignments.",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Deleted") },
});

export const showOption = route({
  method: "get",
  path: "/chatbot/{id}",
  access: "user",
  description: "One chatbot option with its nested steps.",
  request: { params: IdParam },
  responses: { 200: json(ChatbotOptionSchema, "The option") },
});

export const createOption = route({
  method: "post",
  path: "/chatbot",
  access: "admin",
  description: "Adds an option to a queue's first level (`queueId`) or as a next step of an option (`parentId`, whose message must be set).",
  request: body(ChatbotCreate),
  responses: { 200: json(ChatbotOptionSchema, "The created option") },
});

export const updateOption = route({
  method: "put",
  path: "/chatbot/{id}",
  access: "admin",
  description: "Updates an option; `options`, when sent, is its whole subtree.",
  request: { params: IdParam, ...body(ChatbotPatch) },
  responses: { 200: json(ChatbotOptionSchema, "The updated option") },
});

export const removeOption = route({
  method: "delete",
  path: "/chatbot/{id}",
  access: "admin",
  description: "Deletes an option with its nested steps.",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Deleted") },
});

export const referenceKinds = route({
  method: "get",
  path: "/queues/reference-kinds",
  access: "user",
  description:
    "The reference kinds installed plugins registered (integration, fileList, flow, prompt). A queue's integrationId/fileListId, an option's optIntegrationId/optFileId and a connection's integrationId, promptId, flowIdWelcome/flowIdNotPhrase must name an existing record of the company of a registered kind, else ERR_VALIDATION on the field; the editors say when a kind has no provider.",
  responses: { 200: json(ReferenceKinds, "The registered kinds") },
});
