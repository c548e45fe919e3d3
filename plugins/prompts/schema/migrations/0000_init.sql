CREATE TABLE `prompts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`prompt` text NOT NULL,
	`queue_id` integer,
	`model` text DEFAULT 'gpt-4o-mini' NOT NULL,
	`max_tokens` integer DEFAULT 100 NOT NULL,
	`temperature` real DEFAULT 1 NOT NULL,
	`max_messages` integer DEFAULT 10 NOT NULL,
	`voice` text DEFAULT 'texto' NOT NULL,
	`voice_key_sealed` text,
	`voice_region` text,
	`api_key_sealed` text NOT NULL,
	`api_key_hint` text DEFAULT '' NOT NULL,
	`prompt_tokens` integer DEFAULT 0 NOT NULL,
	`completion_tokens` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `prompts_company_idx` ON `prompts` (`company_id`,`name`);