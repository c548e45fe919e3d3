CREATE TABLE `ticket_list_preferences` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`width` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ticket_list_preferences_company_idx` ON `ticket_list_preferences` (`company_id`);