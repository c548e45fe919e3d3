import { z } from "@hono/zod-openapi";
import { nonEmptyPatch } from "../../../core/http/schemas.ts";

/** The longest title and message accepted (the spec gives no bound; these keep rows sane). */
export const TITLE_MAX = 100;
export const MESSAGE_MAX = 10_000;
/** Chats per page of GET /chats, messages per page of GET /chats/{id}/messages. */
export const CHATS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 20;
/** Members a chat may name at once (a company's users; a bound keeps one request cheap). */
export const MEMBERS_MAX = 500;

const Named = z.object({ id: z.number(), name: z.string() });

export const ChatMember = z
  .object({
    userId: z.number(),
    unreads: z.number().openapi({ description: "Messages of the chat this member has not read yet" }),
    user: Named,
  })
  .openapi("ChatMember");

export const Chat = z
  .object({
    id: z.number(),
    uuid: z.string().openapi({ description: "Names the chat in the web address /chats/{uuid}" }),
    companyId: z.number(),
    title: z.string(),
    ownerId: z.number().nullable().openapi({ description: "The creator, the only one who may edit or delete it (null once that user is deleted)" }),
    lastMessage: z.string().openapi({ description: 'The newest message\'s text, or ""' }),
    users: z.array(ChatMember).openapi({ description: "The members, the owner included" }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Chat");

export const ChatPage = z
  .object({
    records: z.array(Chat),
    count: z.number(),
    hasMore: z.boolean(),
    unreads: z.number().openapi({ description: "The caller's unread messages over all their chats (the menu's dot badge)" }),
  })
  .openapi("ChatPage");

export const ChatMessage = z
  .object({
    id: z.number(),
    chatId: z.number(),
    senderId: z.number().nullable().openapi({ description: "null once the sender's account is deleted" }),
    sender: Named.nullable(),
    message: z.string(),
    createdAt: z.string(),
  })
  .openapi("ChatMessage");

export const ChatMessagePage = z
  .object({
    records: z.array(ChatMessage).openapi({ description: "Oldest first within the page; page 1 holds the newest messages" }),
    count: z.number(),
    hasMore: z.boolean().openapi({ description: "Whether older messages remain (the next pageNumber)" }),
  })
  .openapi("ChatMessagePage");

/** A positive integer id, also as the digits a form sends. */
const refId = z.preprocess(
  (v) => (typeof v === "string" && /^[1-9][0-9]{0,15}$/.test(v) ? Number(v) : v),
  z.number("Invalid value").int("Invalid value").positive("Invalid value").max(Number.MAX_SAFE_INTEGER, "Invalid value"),
);

/** The members as the spec's dialog sends them: user objects (`{ id, name }`) or plain ids. */
const members = z
  .array(
    z.union(
      [
        refId,
        z
          .object({ id: refId })
          .passthrough()
          .transform((u) => u.id),
      ],
      "Invalid value",
    ),
    {
      error: (issue) => (issue.input === undefined || issue.input === null ? "Required" : "Invalid value"),
    },
  )
  .max(MEMBERS_MAX, "Too many users")
  .transform((ids) => [...new Set(ids)])
  .openapi({ description: "The members: user ids or user objects with an id, of the caller's company (the caller is always a member)", example: [2, 3] });

// Spec 000 §5: saving needs a title and at least one user.
const title = z.string("Required").trim().min(1, "Required").max(TITLE_MAX, "Too Long!");

export const ChatInput = z
  .object({
    title,
    users: members.refine((ids) => ids.length > 0, "Required"),
  })
  .openapi("ChatInput");

export const ChatPatch = nonEmptyPatch(
  z.object({
    title: title.optional(),
    users: members.refine((ids) => ids.length > 0, "Required").optional(),
  }),
).openapi("ChatPatch");

export const ChatQuery = z.object({
  searchParam: z.string().max(200, "Too Long!").optional().default("").openapi({ description: "Part of the title" }),
  pageNumber: z.coerce.number("Invalid value").int("Invalid value").min(1, "Invalid value").max(100_000, "Invalid value").optional().default(1),
});

export const MessagesQuery = z.object({
  pageNumber: z.coerce.number("Invalid value").int("Invalid value").min(1, "Invalid value").max(100_000, "Invalid value").optional().default(1),
});

// Spec 000 §5: blank messages are not sent.
export const MessageInput = z.object({ message: z.string("Required").trim().min(1, "Required").max(MESSAGE_MAX, "Too Long!") }).openapi("ChatMessageInput");

export const ReadInput = z
  .object({
    userId: refId.optional().openapi({ type: "integer", description: "The reader: only the caller (another id is refused); may be left out" }),
  })
  .openapi("ChatReadInput");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A chat named by its id, or by its uuid (the web address /chats/{uuid}). */
export const ChatRefParam = z.object({
  id: z
    .string()
    .refine((v) => UUID.test(v) || (/^[1-9][0-9]{0,15}$/.test(v) && Number.isSafeInteger(Number(v))), "Invalid id")
    .transform((v): number | string => (UUID.test(v) ? v : Number(v)))
    .openapi({ param: { name: "id", in: "path" }, type: "string", description: "The chat's id or uuid", example: "1" }),
});
