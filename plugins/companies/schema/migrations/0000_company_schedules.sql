-- Hand-edited (IF NOT EXISTS): the kernel's migration 0000 created this table and every
-- database made so far has it, with its rows; the kernel's 0004 left it in place when it
-- moved here. So this creates it only where it is missing, and an existing one is kept as is.
CREATE TABLE IF NOT EXISTS `company_schedules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`weekday` text NOT NULL,
	`weekday_en` text NOT NULL,
	`start_time_a` text DEFAULT '' NOT NULL,
	`end_time_a` text DEFAULT '' NOT NULL,
	`start_time_b` text DEFAULT '' NOT NULL,
	`end_time_b` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `company_schedules_company_idx` ON `company_schedules` (`company_id`);
