CREATE TABLE `job_lanes` (
	`lane` text PRIMARY KEY NOT NULL,
	`next_at` integer NOT NULL
);
--> statement-breakpoint
DROP INDEX `jobs_due_idx`;--> statement-breakpoint
ALTER TABLE `jobs` ADD `lane` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `affinity` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `paced_at` integer;--> statement-breakpoint
-- Rows older than lanes run in their kind's lane (claims skip busy lanes by this column).
UPDATE `jobs` SET `lane` = `kind` WHERE `lane` IS NULL;--> statement-breakpoint
CREATE INDEX `jobs_lane_idx` ON `jobs` (`lane`,`status`,`due_at`);--> statement-breakpoint
CREATE INDEX `jobs_due_idx` ON `jobs` (`status`,`affinity`,`due_at`,`lane`);