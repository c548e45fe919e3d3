CREATE TABLE `quick_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` integer,
	`shortcode` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`media_path` text,
	`media_name` text,
	`geral` integer DEFAULT false NOT NULL,
	`visao` integer DEFAULT false NOT NULL,
	`status` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quick_messages_company_shortcode_unique` ON `quick_messages` (`company_id`,lower("shortcode"));--> statement-breakpoint
CREATE INDEX `quick_messages_company_user_idx` ON `quick_messages` (`company_id`,`user_id`);