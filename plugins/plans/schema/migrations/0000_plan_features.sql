CREATE TABLE `plan_features` (
	`plan_id` integer NOT NULL,
	`key` text NOT NULL,
	`enabled` integer NOT NULL,
	PRIMARY KEY(`plan_id`, `key`),
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE cascade
);
