CREATE TABLE `campaign_settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_settings_company_key_unique` ON `campaign_settings` (`company_id`,`key`);--> statement-breakpoint
CREATE TABLE `campaign_shippings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`campaign_id` integer NOT NULL,
	`contact_list_item_id` integer,
	`contact_id` integer,
	`number` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`variant` integer NOT NULL,
	`confirmation_variant` integer,
	`confirmation_requested_at` text,
	`confirmed_at` text,
	`delivered_at` text,
	`failed_at` text,
	`error` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_list_item_id`) REFERENCES `contact_list_items`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_shippings_campaign_number_unique` ON `campaign_shippings` (`campaign_id`,`number`);--> statement-breakpoint
CREATE INDEX `campaign_shippings_company_idx` ON `campaign_shippings` (`company_id`);--> statement-breakpoint
CREATE INDEX `campaign_shippings_awaiting_idx` ON `campaign_shippings` (`contact_id`) WHERE confirmation_requested_at IS NOT NULL AND confirmed_at IS NULL AND delivered_at IS NULL;--> statement-breakpoint
CREATE TABLE `campaigns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`message1` text DEFAULT '' NOT NULL,
	`message2` text DEFAULT '' NOT NULL,
	`message3` text DEFAULT '' NOT NULL,
	`message4` text DEFAULT '' NOT NULL,
	`message5` text DEFAULT '' NOT NULL,
	`confirmation_message1` text DEFAULT '' NOT NULL,
	`confirmation_message2` text DEFAULT '' NOT NULL,
	`confirmation_message3` text DEFAULT '' NOT NULL,
	`confirmation_message4` text DEFAULT '' NOT NULL,
	`confirmation_message5` text DEFAULT '' NOT NULL,
	`media_path` text,
	`media_name` text,
	`media_type` text,
	`status` text DEFAULT 'INATIVA' NOT NULL,
	`confirmation` integer DEFAULT false NOT NULL,
	`scheduled_at` text,
	`completed_at` text,
	`contact_list_id` integer,
	`tag_list_id` integer,
	`whatsapp_id` integer,
	`user_id` integer,
	`queue_id` integer,
	`status_ticket` text DEFAULT 'closed' NOT NULL,
	`open_ticket` text DEFAULT 'disabled' NOT NULL,
	`run` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_list_id`) REFERENCES `contact_lists`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `campaigns_company_idx` ON `campaigns` (`company_id`,`id`);--> statement-breakpoint
CREATE TABLE `contact_list_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`contact_list_id` integer NOT NULL,
	`name` text NOT NULL,
	`number` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`is_whatsapp_valid` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_list_id`) REFERENCES `contact_lists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_list_items_list_idx` ON `contact_list_items` (`contact_list_id`,`id`);--> statement-breakpoint
CREATE INDEX `contact_list_items_company_idx` ON `contact_list_items` (`company_id`);--> statement-breakpoint
CREATE TABLE `contact_lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_lists_company_name_idx` ON `contact_lists` (`company_id`,`name`);