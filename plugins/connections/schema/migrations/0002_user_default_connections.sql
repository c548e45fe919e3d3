CREATE TABLE `user_default_connections` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`whatsapp_id` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_default_connections_company_idx` ON `user_default_connections` (`company_id`);--> statement-breakpoint
CREATE INDEX `user_default_connections_whatsapp_idx` ON `user_default_connections` (`whatsapp_id`);