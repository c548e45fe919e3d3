/**
 * The user as the users routes answer it, for another plugin that serves a route under
 * `/users` answering a user (tickets' `PUT /users/toggleChangeWidht/{userId}`), so the
 * OpenAPI document names one `User` schema.
 */
export { User } from "./users.schemas.ts";
