DROP INDEX `messages_ticket_created_idx`;--> statement-breakpoint
CREATE INDEX `messages_ticket_created_idx` ON `messages` (`ticket_id`,`created_at`,`from_me`,`user_id`,`is_private`);--> statement-breakpoint
CREATE VIEW `ticket_messages_view` AS select "id", "company_id", "ticket_id", "from_me", "user_id", "is_private", "created_at" from "messages";