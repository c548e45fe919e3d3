-- messages.user_id and messages.queue_id were added by 0001 with a plain REFERENCES (ALTER TABLE
-- cannot add ON DELETE to a column), so deleting a queue or a user who had written a message
-- failed on the foreign key. The schema (tables.ts) says ON DELETE SET NULL: a message outlives
-- the queue and the attendant it was written under. SQLite changes a constraint only by
-- rebuilding the table, so messages is copied into a table declaring it, in place:
-- - columns in their current order, ids copied, so the full-text rowids ((id << 31) | ticket_id)
--   and everything that names a message id stay valid; messages_fts itself is not touched;
-- - AUTOINCREMENT's high-water mark is carried over, so ids of deleted messages are not reused;
-- - DROP TABLE removes the old indexes and triggers (its implicit delete fires no trigger, so
--   the full-text index keeps its rows); they are created again exactly as 0000 and 0007 left them.
-- Every pending migration runs in one transaction (core/db/migrator.ts), where
-- PRAGMA foreign_keys cannot change; none is needed: no table references messages, and the
-- copied rows satisfy the same foreign keys they did before.
CREATE TABLE `__new_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`contact_id` integer,
	`whatsapp_id` integer,
	`provider_id` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`from_me` integer DEFAULT false NOT NULL,
	`media_type` text DEFAULT 'chat' NOT NULL,
	`media_url` text,
	`ack` integer DEFAULT 0 NOT NULL,
	`is_deleted` integer DEFAULT false NOT NULL,
	`is_edited` integer DEFAULT false NOT NULL,
	`is_private` integer DEFAULT false NOT NULL,
	`quoted_msg_id` integer,
	`data_json` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`is_forwarded` integer DEFAULT false NOT NULL,
	`deleted_by` text,
	`user_id` integer,
	`queue_id` integer,
	`participant` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_messages` (`id`, `company_id`, `ticket_id`, `contact_id`, `whatsapp_id`, `provider_id`, `body`, `from_me`, `media_type`, `media_url`, `ack`, `is_deleted`, `is_edited`, `is_private`, `quoted_msg_id`, `data_json`, `created_at`, `updated_at`, `is_forwarded`, `deleted_by`, `user_id`, `queue_id`, `participant`)
SELECT `id`, `company_id`, `ticket_id`, `contact_id`, `whatsapp_id`, `provider_id`, `body`, `from_me`, `media_type`, `media_url`, `ack`, `is_deleted`, `is_edited`, `is_private`, `quoted_msg_id`, `data_json`, `created_at`, `updated_at`, `is_forwarded`, `deleted_by`, `user_id`, `queue_id`, `participant` FROM `messages` ORDER BY `id`;
--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_messages';
--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_messages', `seq` FROM `sqlite_sequence` WHERE `name` = 'messages';
--> statement-breakpoint
DROP TABLE `messages`;
--> statement-breakpoint
ALTER TABLE `__new_messages` RENAME TO `messages`;
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_provider_unique` ON `messages` (`whatsapp_id`,`provider_id`);
--> statement-breakpoint
CREATE INDEX `messages_company_idx` ON `messages` (`company_id`);
--> statement-breakpoint
CREATE INDEX `messages_ticket_created_idx` ON `messages` (`ticket_id`,`created_at`);
--> statement-breakpoint
CREATE TRIGGER `messages_fts_ai` AFTER INSERT ON `messages`
WHEN (SELECT `messages_after` FROM `full_text_deferral`) IS NULL BEGIN
  INSERT INTO `messages_fts`(rowid, body) VALUES ((new.id << 31) | new.ticket_id, new.body);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_ad` AFTER DELETE ON `messages`
WHEN old.id <= coalesce((SELECT `messages_after` FROM `full_text_deferral`), old.id) BEGIN
  DELETE FROM `messages_fts` WHERE rowid = (old.id << 31) | old.ticket_id;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_au` AFTER UPDATE OF body, ticket_id ON `messages`
WHEN old.id <= coalesce((SELECT `messages_after` FROM `full_text_deferral`), old.id) BEGIN
  DELETE FROM `messages_fts` WHERE rowid = (old.id << 31) | old.ticket_id;
  INSERT INTO `messages_fts`(rowid, body) VALUES ((new.id << 31) | new.ticket_id, new.body);
END;
