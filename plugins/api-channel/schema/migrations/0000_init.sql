CREATE TABLE `api_webhook_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`whatsapp_id` integer NOT NULL,
	`event` text NOT NULL,
	`url` text NOT NULL,
	`status_code` integer,
	`ok` integer DEFAULT false NOT NULL,
	`error` text,
	`attempt` integer DEFAULT 1 NOT NULL,
	`duration_ms` integer DEFAULT 0 NOT NULL,
	`key` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `api_webhook_deliveries_company_wapp_idx` ON `api_webhook_deliveries` (`company_id`,`whatsapp_id`,`id`);--> statement-breakpoint
CREATE INDEX `api_webhook_deliveries_wapp_key_idx` ON `api_webhook_deliveries` (`whatsapp_id`,`key`);