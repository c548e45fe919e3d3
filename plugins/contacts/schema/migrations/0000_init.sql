CREATE TABLE `contact_extra_info` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contact_id` integer NOT NULL,
	`name` text NOT NULL,
	`value` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_extra_info_contact_idx` ON `contact_extra_info` (`contact_id`);--> statement-breakpoint
CREATE TABLE `contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`number` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`accept_audio_message` integer DEFAULT true NOT NULL,
	`disable_bot` integer DEFAULT false NOT NULL,
	`lgpd_accepted_at` text,
	`url_picture` text DEFAULT '' NOT NULL,
	`channel` text DEFAULT 'whatsapp' NOT NULL,
	`whatsapp_id` integer,
	`is_group` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contacts_company_number_unique` ON `contacts` (`company_id`,`number`);--> statement-breakpoint
CREATE INDEX `contacts_company_name_idx` ON `contacts` (`company_id`,`name`);