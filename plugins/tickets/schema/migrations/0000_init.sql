CREATE TABLE `messages` (
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
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_provider_unique` ON `messages` (`whatsapp_id`,`provider_id`);--> statement-breakpoint
CREATE INDEX `messages_company_idx` ON `messages` (`company_id`);--> statement-breakpoint
CREATE INDEX `messages_ticket_created_idx` ON `messages` (`ticket_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `ticket_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`type` text NOT NULL,
	`user_id` integer,
	`queue_id` integer,
	`created_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ticket_logs_company_idx` ON `ticket_logs` (`company_id`);--> statement-breakpoint
CREATE INDEX `ticket_logs_ticket_idx` ON `ticket_logs` (`ticket_id`);--> statement-breakpoint
CREATE TABLE `tickets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uuid` text NOT NULL,
	`company_id` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`contact_id` integer NOT NULL,
	`whatsapp_id` integer NOT NULL,
	`user_id` integer,
	`queue_id` integer,
	`channel` text DEFAULT 'whatsapp' NOT NULL,
	`last_message` text DEFAULT '' NOT NULL,
	`unread_messages` integer DEFAULT 0 NOT NULL,
	`is_group` integer DEFAULT false NOT NULL,
	`is_bot` integer DEFAULT false NOT NULL,
	`use_integration` integer DEFAULT false NOT NULL,
	`amount` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_uuid_unique` ON `tickets` (`uuid`);--> statement-breakpoint
CREATE INDEX `tickets_company_status_idx` ON `tickets` (`company_id`,`status`);--> statement-breakpoint
CREATE INDEX `tickets_company_contact_idx` ON `tickets` (`company_id`,`contact_id`);--> statement-breakpoint
CREATE INDEX `tickets_company_updated_idx` ON `tickets` (`company_id`,`updated_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_live_unique` ON `tickets` (`company_id`,`contact_id`,`whatsapp_id`) WHERE status IN ('pending', 'open', 'group');