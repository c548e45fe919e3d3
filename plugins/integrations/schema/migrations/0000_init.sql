CREATE TABLE `integration_sessions` (
	`ticket_id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`integration_id` integer NOT NULL,
	`session_id` text NOT NULL,
	`input` text,
	`last_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `queue_integrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`project_name` text DEFAULT '' NOT NULL,
	`json_content` text DEFAULT '' NOT NULL,
	`language` text DEFAULT '' NOT NULL,
	`url_n8n` text DEFAULT '' NOT NULL,
	`typebot_slug` text DEFAULT '' NOT NULL,
	`typebot_expires` integer DEFAULT 1 NOT NULL,
	`typebot_keyword_finish` text DEFAULT '' NOT NULL,
	`typebot_keyword_restart` text DEFAULT '' NOT NULL,
	`typebot_restart_message` text DEFAULT '' NOT NULL,
	`typebot_unknown_message` text DEFAULT '' NOT NULL,
	`typebot_delay_message` integer DEFAULT 1000 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `queue_integrations_company_idx` ON `queue_integrations` (`company_id`);