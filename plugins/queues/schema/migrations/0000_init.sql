CREATE TABLE `chatbots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`queue_id` integer NOT NULL,
	`parent_id` integer,
	`position` integer DEFAULT 0 NOT NULL,
	`name` text NOT NULL,
	`greeting_message` text DEFAULT '' NOT NULL,
	`queue_type` text DEFAULT 'text' NOT NULL,
	`close_ticket` integer DEFAULT false NOT NULL,
	`opt_queue_id` integer,
	`opt_user_id` integer,
	`opt_integration_id` integer,
	`opt_file_id` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `chatbots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`opt_queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`opt_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `chatbots_company_idx` ON `chatbots` (`company_id`);--> statement-breakpoint
CREATE INDEX `chatbots_queue_idx` ON `chatbots` (`queue_id`);--> statement-breakpoint
CREATE INDEX `chatbots_parent_idx` ON `chatbots` (`parent_id`);--> statement-breakpoint
CREATE TABLE `queues` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`color` text NOT NULL,
	`order_queue` integer,
	`greeting_message` text DEFAULT '' NOT NULL,
	`out_of_hours_message` text DEFAULT '' NOT NULL,
	`close_ticket` integer DEFAULT false NOT NULL,
	`ativar_roteador` integer DEFAULT false NOT NULL,
	`tempo_roteador` integer DEFAULT 2 NOT NULL,
	`integration_id` integer,
	`file_list_id` integer,
	`schedules` text DEFAULT '[]' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `queues_company_idx` ON `queues` (`company_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `queues_company_color_unique` ON `queues` (`company_id`,lower("color"));--> statement-breakpoint
CREATE TABLE `user_queues` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`queue_id` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_queues_company_idx` ON `user_queues` (`company_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `user_queues_user_queue_unique` ON `user_queues` (`user_id`,`queue_id`);--> statement-breakpoint
CREATE INDEX `user_queues_queue_idx` ON `user_queues` (`queue_id`);