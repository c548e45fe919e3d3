CREATE TABLE `campaign_suppressions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`number` text NOT NULL,
	`contact_id` integer,
	`source` text NOT NULL,
	`replied_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_suppressions_company_number_unique` ON `campaign_suppressions` (`company_id`,`number`);--> statement-breakpoint
CREATE INDEX `campaign_shippings_campaign_idx` ON `campaign_shippings` (`campaign_id`,`id`);--> statement-breakpoint
CREATE INDEX `campaign_shippings_contact_idx` ON `campaign_shippings` (`contact_id`);