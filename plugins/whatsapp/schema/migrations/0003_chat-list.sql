CREATE TABLE `whatsapp_chats` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`whatsapp_id` integer NOT NULL,
	`number` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapp_chats_connection_number_unique` ON `whatsapp_chats` (`whatsapp_id`,`number`);--> statement-breakpoint
CREATE INDEX `whatsapp_chats_company_idx` ON `whatsapp_chats` (`company_id`);