import type { UserRow } from "../db/rows.ts";
import { publicUser, type PublicUser } from "./session-user.ts";

/**
 * Fields a plugin adds to the user as the API answers it (the users list and show, the
 * session user of login, refresh and `/auth/me`, the `company-{id}-user` events), when the
 * plugin, not the kernel's `users` table, stores them. Grown by declaration merging from
 * the plugin that owns each field.
 * @example
 *   declare module "../../../core/auth/user-answers.ts" {
 *     interface UserAnswerFields {
 *       whatsappId: number | null;
 *     }
 *   }
 */
export interface UserAnswerFields {}

export type UserAnswerField = keyof UserAnswerFields;

/**
 * A user as the API answers it: the public row, plus the fields of every plugin that extends
 * it. Typed with every declared field, as the spec's User has them; a deployment without the
 * owning plugin answers without its field.
 */
export type UserAnswer = PublicUser & UserAnswerFields;

/** How a plugin answers its fields for many users at once. */
export interface UserAnswerExtension<K extends UserAnswerField> {
  /** What a user the plugin stores nothing for answers. */
  defaults: Pick<UserAnswerFields, K>;
  /**
   * The stored values of these users, keyed by user id, read in one query whatever their
   * number (a list page costs one query per extension, never one per user).
   */
  load(users: readonly UserRow[]): Promise<ReadonlyMap<number, Pick<UserAnswerFields, K>>>;
}

/** An extension with its field names forgotten, as the registry keeps it. */
interface StoredExtension {
  defaults: Partial<UserAnswerFields>;
  load(users: readonly UserRow[]): Promise<ReadonlyMap<number, Partial<UserAnswerFields>>>;
}

/**
 * The user answer extensions: plugins that own a per-user setting (the default connection,
 * the ticket-list width) register how to read it, and every answer of a user goes through
 * `of` so the setting is answered exactly as if it were a column of the user.
 * @example
 *   // connections' setup: one query for the whole page of users
 *   ctx.userAnswers.extend({
 *     defaults: { whatsappId: null },
 *     load: async (users) => new Map((await defaultsOf(users.map((u) => u.id))).map((r) => [r.userId, { whatsappId: r.whatsappId }])),
 *   });
 *   // the users plugin's list
 *   return { users: await ctx.userAnswers.of(rows), count, hasMore };
 */
export class UserAnswers {
  private extensions: StoredExtension[] = [];

  extend<K extends UserAnswerField>(extension: UserAnswerExtension<K>): void {
    this.extensions.push(extension);
  }

  /** The public users with every extension's fields, in the order given. */
  async of(rows: readonly UserRow[]): Promise<UserAnswer[]> {
    // Completed below: every extension assigns its fields (stored value or default) to every answer.
    const answers = rows.map((row) => publicUser(row) as UserAnswer);
    if (!rows.length) return answers;
    const loaded = await Promise.all(this.extensions.map((ext) => ext.load(rows)));
    for (const [i, ext] of this.extensions.entries()) for (const [j, row] of rows.entries()) Object.assign(answers[j], ext.defaults, loaded[i].get(row.id));
    return answers;
  }

  /** One user's answer (a single-user route, an event). */
  async one(row: UserRow): Promise<UserAnswer> {
    const [answer] = await this.of([row]);
    return answer;
  }
}
