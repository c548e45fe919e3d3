CREATE TABLE `ticket_ratings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`user_id` integer,
	`queue_id` integer,
	`whatsapp_id` integer,
	`rate` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ticket_ratings_ticket_unique` ON `ticket_ratings` (`ticket_id`);--> statement-breakpoint
CREATE INDEX `ticket_ratings_company_created_idx` ON `ticket_ratings` (`company_id`,`created_at`);--> statement-breakpoint
DROP INDEX `tickets_live_unique`;--> statement-breakpoint
ALTER TABLE `tickets` ADD `activity_at` text;--> statement-breakpoint
ALTER TABLE `tickets` ADD `agent_activity_at` text;--> statement-breakpoint
ALTER TABLE `tickets` ADD `warned_at` text;--> statement-breakpoint
ALTER TABLE `tickets` ADD `user_rating` integer;--> statement-breakpoint
ALTER TABLE `tickets` ADD `rating_asked` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Existing tickets start their expiry clocks at their last change (issue 14).
UPDATE `tickets` SET `activity_at` = `updated_at`, `agent_activity_at` = `updated_at`;--> statement-breakpoint
CREATE INDEX `tickets_expiry_idx` ON `tickets` (`whatsapp_id`,`status`,`activity_at`,`warned_at`);--> statement-breakpoint
CREATE INDEX `tickets_agent_expiry_idx` ON `tickets` (`whatsapp_id`,`status`,`agent_activity_at`,`warned_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_live_unique` ON `tickets` (`company_id`,`contact_id`,`whatsapp_id`) WHERE status IN ('pending', 'open', 'group', 'nps', 'lgpd');