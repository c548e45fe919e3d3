CREATE TABLE `flow_campaigns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`phrase` text NOT NULL,
	`phrase_key` text NOT NULL,
	`flow_id` integer NOT NULL,
	`whatsapp_id` integer,
	`status` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`flow_id`) REFERENCES `flows`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `flow_campaigns_company_idx` ON `flow_campaigns` (`company_id`);--> statement-breakpoint
CREATE INDEX `flow_campaigns_phrase_idx` ON `flow_campaigns` (`company_id`,`phrase_key`);--> statement-breakpoint
CREATE TABLE `flow_states` (
	`ticket_id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`flow_id` integer,
	`version_id` integer,
	`node_id` text,
	`element` integer DEFAULT 0 NOT NULL,
	`waiting` text,
	`variables` text DEFAULT '{}' NOT NULL,
	`last_message_id` integer DEFAULT 0 NOT NULL,
	`before` text,
	`rev` integer DEFAULT 0 NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `flow_states_company_idx` ON `flow_states` (`company_id`);--> statement-breakpoint
CREATE TABLE `flow_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`flow_id` integer NOT NULL,
	`number` integer NOT NULL,
	`nodes` text NOT NULL,
	`connections` text NOT NULL,
	`user_id` integer,
	`created_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`flow_id`) REFERENCES `flows`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `flow_versions_company_idx` ON `flow_versions` (`company_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `flow_versions_flow_number_idx` ON `flow_versions` (`flow_id`,`number`);--> statement-breakpoint
CREATE TABLE `flows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`version_id` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `flows_company_idx` ON `flows` (`company_id`,`id`);