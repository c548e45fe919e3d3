CREATE TABLE `billing_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`invoice_id` integer NOT NULL,
	`charge_id` integer,
	`provider` text NOT NULL,
	`payment_id` text NOT NULL,
	`amount` real NOT NULL,
	`outcome` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`charge_id`) REFERENCES `billing_charges`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_payments_provider_payment_idx` ON `billing_payments` (`provider`,`payment_id`);--> statement-breakpoint
CREATE INDEX `billing_payments_company_idx` ON `billing_payments` (`company_id`,`id`);--> statement-breakpoint
CREATE INDEX `billing_payments_outcome_idx` ON `billing_payments` (`outcome`,`id`);--> statement-breakpoint
ALTER TABLE `billing_charges` ADD `plan_id` integer;--> statement-breakpoint
ALTER TABLE `billing_charges` ADD `detail` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `billing_charges` ADD `users` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `billing_charges` ADD `connections` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `billing_charges` ADD `queues` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `billing_charges` ADD `recurrence` text DEFAULT 'MENSAL' NOT NULL;--> statement-breakpoint
ALTER TABLE `billing_charges` ADD `custom` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `billing_charges` ADD `due_date` text;