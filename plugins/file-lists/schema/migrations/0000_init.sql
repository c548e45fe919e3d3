CREATE TABLE `file_list_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`file_list_id` integer NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`path` text,
	`media_type` text,
	`original_name` text,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`file_list_id`) REFERENCES `file_lists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `file_list_options_list_idx` ON `file_list_options` (`file_list_id`,`position`);--> statement-breakpoint
CREATE INDEX `file_list_options_company_idx` ON `file_list_options` (`company_id`);--> statement-breakpoint
CREATE TABLE `file_lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`message` text NOT NULL,
	`user_id` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `file_lists_company_idx` ON `file_lists` (`company_id`,`name`);