CREATE TABLE `contact_import_errors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`import_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`line` integer NOT NULL,
	`field` text NOT NULL,
	`message` text NOT NULL,
	`value` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`import_id`) REFERENCES `contact_imports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_import_errors_import_idx` ON `contact_import_errors` (`import_id`,`line`);--> statement-breakpoint
CREATE INDEX `contact_import_errors_company_idx` ON `contact_import_errors` (`company_id`);--> statement-breakpoint
CREATE TABLE `contact_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` integer,
	`source` text NOT NULL,
	`whatsapp_id` integer,
	`file_name` text DEFAULT '' NOT NULL,
	`format` text NOT NULL,
	`stored_path` text DEFAULT '' NOT NULL,
	`status` text NOT NULL,
	`columns` text DEFAULT '[]' NOT NULL,
	`headers` text DEFAULT '[]' NOT NULL,
	`has_header` integer DEFAULT true NOT NULL,
	`tag_ids` text DEFAULT '[]' NOT NULL,
	`total_rows` integer,
	`processed_rows` integer DEFAULT 0 NOT NULL,
	`created` integer DEFAULT 0 NOT NULL,
	`updated` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`error` text DEFAULT '' NOT NULL,
	`started_at` text,
	`finished_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `contact_imports_company_idx` ON `contact_imports` (`company_id`,`id`);