CREATE TABLE `flow_drafts` (
	`flow_id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`nodes` text NOT NULL,
	`connections` text NOT NULL,
	`user_id` integer,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`flow_id`) REFERENCES `flows`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `flow_drafts_company_idx` ON `flow_drafts` (`company_id`);