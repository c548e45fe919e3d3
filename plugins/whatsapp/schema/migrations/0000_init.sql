CREATE TABLE `whatsapp_auth_keys` (
	`whatsapp_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`type` text NOT NULL,
	`key_id` text NOT NULL,
	`value` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`whatsapp_id`, `type`, `key_id`),
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `whatsapp_auth_keys_company_idx` ON `whatsapp_auth_keys` (`company_id`);--> statement-breakpoint
CREATE TABLE `whatsapp_imported_tickets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`whatsapp_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapp_imported_tickets_unique` ON `whatsapp_imported_tickets` (`whatsapp_id`,`ticket_id`);--> statement-breakpoint
CREATE TABLE `whatsapp_lid_map` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`lid` text NOT NULL,
	`number` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapp_lid_map_company_lid_unique` ON `whatsapp_lid_map` (`company_id`,`lid`);--> statement-breakpoint
CREATE TABLE `whatsapp_session_leases` (
	`whatsapp_id` integer PRIMARY KEY NOT NULL,
	`owner` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
