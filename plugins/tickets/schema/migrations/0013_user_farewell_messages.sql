CREATE TABLE `user_farewell_messages` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`message` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_farewell_messages_company_idx` ON `user_farewell_messages` (`company_id`);