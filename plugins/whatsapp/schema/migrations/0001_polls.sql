CREATE TABLE `whatsapp_polls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`whatsapp_id` integer NOT NULL,
	`provider_id` text NOT NULL,
	`creator_jid` text NOT NULL,
	`secret` text NOT NULL,
	`question` text NOT NULL,
	`options` text NOT NULL,
	`votes` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapp_polls_message_unique` ON `whatsapp_polls` (`whatsapp_id`,`provider_id`);