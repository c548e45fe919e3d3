CREATE TABLE `flow_node_counts` (
	`company_id` integer NOT NULL,
	`flow_id` integer NOT NULL,
	`node_id` text NOT NULL,
	`day` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`flow_id`, `day`, `node_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`flow_id`) REFERENCES `flows`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `flow_node_counts_company_idx` ON `flow_node_counts` (`company_id`);--> statement-breakpoint
ALTER TABLE `flow_states` ADD `reached` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `flows` ADD `stop_on_attendant_message` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `flows` ADD `debounce_seconds` integer DEFAULT 3 NOT NULL;