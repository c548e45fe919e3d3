import { routeFactory } from "../../../core/http/route.ts";
import { IdParam, jsonResponse as json, MessageSchema } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { DeliveriesQuery, DeliveryPage } from "./deliveries.schemas.ts";

const route = routeFactory(manifest);

/** The delivery log of one API connection of the company, newest first. */
export const list = route({
  method: "get",
  path: "/channels/api/deliveries",
  access: "admin",
  request: { query: DeliveriesQuery },
  responses: { 200: json(DeliveryPage, "A page of webhook attempts") },
});

/** Sends a logged webhook's payload again (through the outbox). */
export const retry = route({
  method: "post",
  path: "/channels/api/deliveries/{id}/retry",
  access: "admin",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Queued for delivery") },
});
