CREATE TABLE `meta_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`whatsapp_id` integer NOT NULL,
	`kind` text NOT NULL,
	`account_id` text NOT NULL,
	`page_id` text,
	`waba_id` text,
	`access_token` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `meta_accounts_kind_account_unique` ON `meta_accounts` (`kind`,`account_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `meta_accounts_whatsapp_unique` ON `meta_accounts` (`whatsapp_id`);--> statement-breakpoint
CREATE INDEX `meta_accounts_company_idx` ON `meta_accounts` (`company_id`);--> statement-breakpoint
CREATE TABLE `meta_last_inbound` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`whatsapp_id` integer NOT NULL,
	`number` text NOT NULL,
	`last_inbound_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `meta_last_inbound_wapp_number_unique` ON `meta_last_inbound` (`whatsapp_id`,`number`);--> statement-breakpoint
CREATE INDEX `meta_last_inbound_company_idx` ON `meta_last_inbound` (`company_id`);--> statement-breakpoint
CREATE TABLE `meta_outbound` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`whatsapp_id` integer NOT NULL,
	`number` text NOT NULL,
	`provider_id` text NOT NULL,
	`sent_at` integer NOT NULL,
	`ack` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `meta_outbound_wapp_provider_unique` ON `meta_outbound` (`whatsapp_id`,`provider_id`);--> statement-breakpoint
CREATE INDEX `meta_outbound_conversation_idx` ON `meta_outbound` (`whatsapp_id`,`number`,`sent_at`);--> statement-breakpoint
CREATE INDEX `meta_outbound_company_idx` ON `meta_outbound` (`company_id`);