CREATE TABLE `messages_api_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`whatsapp_id` integer NOT NULL,
	`idempotency_key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`answer` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_api_requests_key_idx` ON `messages_api_requests` (`whatsapp_id`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `messages_api_requests_company_idx` ON `messages_api_requests` (`company_id`);--> statement-breakpoint
CREATE INDEX `messages_api_requests_created_idx` ON `messages_api_requests` (`created_at`);