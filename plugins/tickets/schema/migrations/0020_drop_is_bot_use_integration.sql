ALTER TABLE `tickets` DROP COLUMN `is_bot`;--> statement-breakpoint
ALTER TABLE `tickets` DROP COLUMN `use_integration`;