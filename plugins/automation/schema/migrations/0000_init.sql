CREATE TABLE `automation_bot_states` (
	`ticket_id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`state` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`last_message_id` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `automation_bot_states_company_idx` ON `automation_bot_states` (`company_id`);--> statement-breakpoint
CREATE TABLE `automation_rotation_cursors` (
	`queue_id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`last_user_id` integer,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `automation_rotation_cursors_company_idx` ON `automation_rotation_cursors` (`company_id`);