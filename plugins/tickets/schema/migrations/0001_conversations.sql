CREATE TABLE `ticket_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`contact_id` integer NOT NULL,
	`user_id` integer,
	`note` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ticket_notes_company_idx` ON `ticket_notes` (`company_id`);--> statement-breakpoint
CREATE INDEX `ticket_notes_ticket_idx` ON `ticket_notes` (`ticket_id`);--> statement-breakpoint
CREATE INDEX `ticket_notes_contact_idx` ON `ticket_notes` (`contact_id`);--> statement-breakpoint
CREATE TABLE `ticket_tags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ticket_tags_unique` ON `ticket_tags` (`ticket_id`,`tag_id`);--> statement-breakpoint
CREATE INDEX `ticket_tags_tag_idx` ON `ticket_tags` (`tag_id`);--> statement-breakpoint
CREATE INDEX `ticket_tags_company_idx` ON `ticket_tags` (`company_id`);--> statement-breakpoint
ALTER TABLE `messages` ADD `is_forwarded` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `messages` ADD `deleted_by` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `user_id` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `messages` ADD `queue_id` integer REFERENCES queues(id);--> statement-breakpoint
ALTER TABLE `messages` ADD `participant` text;