import { routeFactory } from "../../../../core/http/route.ts";
import { jsonBody as body, jsonResponse as json } from "../../../../core/http/schemas.ts";
import { User } from "../../../users/server/users.contract.ts";
import { manifest } from "../../plugin.ts";
import { UserIdParam, WidthInput } from "./list-preferences.schemas.ts";

const route = routeFactory(manifest);

/**
 * The spec's path (typo included) under /users, answered with the user like every users
 * route; served here because this plugin stores the width. Tagged `users` as it always was,
 * so the OpenAPI document does not move.
 */
export const ticketsWidth = route({
  method: "put",
  path: "/users/toggleChangeWidht/{userId}",
  access: "user",
  tags: ["users"],
  description: "Saves the width of the user's tickets panel (404 to 700 pixels).",
  request: { params: UserIdParam, ...body(WidthInput) },
  responses: { 200: json(User, "The updated user") },
});
