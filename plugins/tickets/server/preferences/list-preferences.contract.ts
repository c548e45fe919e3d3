/** The ticket-list width a user without a stored preference answers (spec 001 §5). */
export const DEFAULT_LIST_WIDTH = 550;

/** Every answer of a user carries the ticket-list width this plugin stores. */
declare module "../../../../core/auth/user-answers.ts" {
  interface UserAnswerFields {
    defaultTicketsManagerWidth: number;
  }
}
