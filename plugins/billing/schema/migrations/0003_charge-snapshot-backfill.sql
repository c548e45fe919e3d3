-- Charges made before they kept a snapshot: their invoice's values now (the best knowledge left).
UPDATE `billing_charges` SET `plan_id` = i.`plan_id`, `detail` = i.`detail`, `users` = i.`users`, `connections` = i.`connections`, `queues` = i.`queues`, `recurrence` = i.`recurrence`, `custom` = i.`custom`, `due_date` = i.`due_date` FROM `invoices` AS i WHERE i.`id` = `billing_charges`.`invoice_id`;--> statement-breakpoint
-- Asaas's payment and Stripe's session are paid once: their id names the payment (it was the event's id),
-- so that a redelivered notification of a payment confirmed before this change is known (payments.service.ts).
UPDATE `billing_charges` SET `confirmed_by` = `external_id` WHERE `status` = 'confirmed' AND `provider` IN ('asaas', 'stripe') AND `confirmed_by` NOT LIKE 'manual:%';--> statement-breakpoint
-- Charges still waiting on an invoice that is already paid can no longer settle it.
UPDATE `billing_charges` SET `status` = 'superseded' WHERE `status` = 'pending' AND `invoice_id` IN (SELECT `id` FROM `invoices` WHERE `status` = 'paid');
