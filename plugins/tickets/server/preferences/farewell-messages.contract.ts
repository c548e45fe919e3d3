import type { DbOrTx } from "../../../../core/db/database.ts";

declare module "../../../../core/plugin/services.ts" {
  interface ServiceMap {
    /**
     * Sets a user's own farewell ("" clears it), in the caller's transaction when given: the
     * users plugin writes `farewellMessage` of `POST /users` and `PUT /users/{id}` through it,
     * after validating it. A user not of the company throws ERR_NO_USER_FOUND.
     */
    "tickets.setFarewellMessage": (companyId: number, userId: number, message: string, tx?: DbOrTx) => Promise<void>;
  }
}

/** Every answer of a user carries the farewell this plugin stores ("" for none). */
declare module "../../../../core/auth/user-answers.ts" {
  interface UserAnswerFields {
    farewellMessage: string;
  }
}
