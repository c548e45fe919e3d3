CREATE TABLE `companies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`plan_id` integer,
	`status` integer DEFAULT true NOT NULL,
	`due_date` text,
	`recurrence` text DEFAULT 'MENSAL' NOT NULL,
	`document` text DEFAULT '' NOT NULL,
	`payment_method` text DEFAULT '' NOT NULL,
	`number_attendants` integer DEFAULT 1 NOT NULL,
	`number_conections` integer DEFAULT 1 NOT NULL,
	`address_street` text DEFAULT '' NOT NULL,
	`address_state` text DEFAULT '' NOT NULL,
	`address_city` text DEFAULT '' NOT NULL,
	`campaigns_enabled` integer DEFAULT false NOT NULL,
	`last_login` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `companies_name_unique` ON `companies` (lower("name"));--> statement-breakpoint
CREATE TABLE `company_schedules` (
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
CREATE INDEX `company_schedules_company_idx` ON `company_schedules` (`company_id`);--> statement-breakpoint
CREATE TABLE `company_settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`column` text NOT NULL,
	`data` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `company_settings_company_column_unique` ON `company_settings` (`company_id`,`column`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`company_id` integer,
	`payload` text DEFAULT '{}' NOT NULL,
	`due_at` integer NOT NULL,
	`lease_until` integer,
	`lease_owner` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`max_attempts` integer DEFAULT 8 NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`last_error` text,
	`dedupe_key` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_dedupe_key_unique` ON `jobs` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `jobs_due_idx` ON `jobs` (`status`,`due_at`);--> statement-breakpoint
CREATE TABLE `plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`users` integer DEFAULT 0 NOT NULL,
	`connections` integer DEFAULT 0 NOT NULL,
	`queues` integer DEFAULT 0 NOT NULL,
	`amount` real DEFAULT 0 NOT NULL,
	`is_public` integer DEFAULT true NOT NULL,
	`use_whatsapp` integer DEFAULT true NOT NULL,
	`use_facebook` integer DEFAULT true NOT NULL,
	`use_instagram` integer DEFAULT true NOT NULL,
	`use_campaigns` integer DEFAULT true NOT NULL,
	`use_schedules` integer DEFAULT true NOT NULL,
	`use_internal_chat` integer DEFAULT true NOT NULL,
	`use_external_api` integer DEFAULT true NOT NULL,
	`use_kanban` integer DEFAULT true NOT NULL,
	`use_open_ai` integer DEFAULT true NOT NULL,
	`use_integrations` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plans_name_unique` ON `plans` (`name`);--> statement-breakpoint
CREATE TABLE `settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`key` text NOT NULL,
	`value` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `settings_company_key_unique` ON `settings` (`company_id`,`key`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`profile` text DEFAULT 'user' NOT NULL,
	`super` integer DEFAULT false NOT NULL,
	`profile_image` text,
	`farewell_message` text DEFAULT '' NOT NULL,
	`start_work` text DEFAULT '00:00' NOT NULL,
	`end_work` text DEFAULT '23:59' NOT NULL,
	`whatsapp_id` integer,
	`all_ticket` text DEFAULT 'disable' NOT NULL,
	`allow_group` integer DEFAULT false NOT NULL,
	`default_theme` text DEFAULT 'light' NOT NULL,
	`default_menu` text DEFAULT 'open' NOT NULL,
	`all_historic` text DEFAULT 'disabled' NOT NULL,
	`all_user_chat` text DEFAULT 'disabled' NOT NULL,
	`user_close_pending_ticket` text DEFAULT 'disabled' NOT NULL,
	`show_dashboard` text DEFAULT 'disabled' NOT NULL,
	`allow_real_time` text DEFAULT 'disabled' NOT NULL,
	`allow_connections` text DEFAULT 'disabled' NOT NULL,
	`default_tickets_manager_width` integer DEFAULT 550 NOT NULL,
	`online` integer DEFAULT false NOT NULL,
	`last_seen_at` text,
	`token_version` integer DEFAULT 0 NOT NULL,
	`reset_code_hash` text,
	`reset_code_expires_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (lower("email"));--> statement-breakpoint
CREATE INDEX `users_company_idx` ON `users` (`company_id`);