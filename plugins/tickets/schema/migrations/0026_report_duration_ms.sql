-- The dashboard's durations as whole milliseconds (issue 28): the month's scan read them as
-- date arithmetic on five ISO instants per ticket (julianday, ~30% of its CPU); now the
-- covering index holds the three integers instead of the instants. Definitions as metrics.ts
-- (the reference; dashboard-aggregates.test.ts compares both): wait = accepted − queued (0 when
-- never queued, never negative, null until accepted), support = closed − accepted (never
-- negative, null until both), first response = first reply − first customer message.
-- The trigger recomputes them from the row whenever an instant changes, on every path (the
-- services, 0025's triggers, an import, plain SQL); its UPDATE sets only these three columns, so
-- it never fires itself or 0025's triggers. A ticket inserted with its instants gets them too.
DROP INDEX `tickets_company_created_idx`;--> statement-breakpoint
ALTER TABLE `tickets` ADD `wait_ms` integer;--> statement-breakpoint
ALTER TABLE `tickets` ADD `support_ms` integer;--> statement-breakpoint
ALTER TABLE `tickets` ADD `first_response_ms` integer;--> statement-breakpoint
CREATE TRIGGER `tickets_report_duration_ms_au` AFTER UPDATE OF `queued_at`, `accepted_at`, `closed_at`, `first_customer_at`, `first_reply_at` ON `tickets`
  WHEN old.`queued_at` IS NOT new.`queued_at` OR old.`accepted_at` IS NOT new.`accepted_at` OR old.`closed_at` IS NOT new.`closed_at`
    OR old.`first_customer_at` IS NOT new.`first_customer_at` OR old.`first_reply_at` IS NOT new.`first_reply_at`
BEGIN
  UPDATE `tickets` SET
    `wait_ms` = CASE WHEN `accepted_at` IS NULL THEN NULL WHEN `queued_at` IS NULL THEN 0 ELSE max(0, cast(round((julianday(`accepted_at`) - julianday(`queued_at`)) * 86400000) as integer)) END,
    `support_ms` = CASE WHEN `accepted_at` IS NOT NULL THEN max(0, cast(round((julianday(`closed_at`) - julianday(`accepted_at`)) * 86400000) as integer)) END,
    `first_response_ms` = cast(round((julianday(`first_reply_at`) - julianday(`first_customer_at`)) * 86400000) as integer)
  WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `tickets_report_duration_ms_ai` AFTER INSERT ON `tickets`
  WHEN new.`accepted_at` IS NOT NULL OR new.`first_reply_at` IS NOT NULL
BEGIN
  UPDATE `tickets` SET
    `wait_ms` = CASE WHEN `accepted_at` IS NULL THEN NULL WHEN `queued_at` IS NULL THEN 0 ELSE max(0, cast(round((julianday(`accepted_at`) - julianday(`queued_at`)) * 86400000) as integer)) END,
    `support_ms` = CASE WHEN `accepted_at` IS NOT NULL THEN max(0, cast(round((julianday(`closed_at`) - julianday(`accepted_at`)) * 86400000) as integer)) END,
    `first_response_ms` = cast(round((julianday(`first_reply_at`) - julianday(`first_customer_at`)) * 86400000) as integer)
  WHERE `id` = new.`id`;
END;
--> statement-breakpoint
-- The backfill, every ticket at once.
UPDATE `tickets` SET
    `wait_ms` = CASE WHEN `accepted_at` IS NULL THEN NULL WHEN `queued_at` IS NULL THEN 0 ELSE max(0, cast(round((julianday(`accepted_at`) - julianday(`queued_at`)) * 86400000) as integer)) END,
    `support_ms` = CASE WHEN `accepted_at` IS NOT NULL THEN max(0, cast(round((julianday(`closed_at`) - julianday(`accepted_at`)) * 86400000) as integer)) END,
    `first_response_ms` = cast(round((julianday(`first_reply_at`) - julianday(`first_customer_at`)) * 86400000) as integer);
--> statement-breakpoint
CREATE INDEX `tickets_company_created_idx` ON `tickets` (`company_id`,`created_at`,`id`,`status`,`user_id`,`contact_id`,`accepted_at`,`closed_at`,`user_rating`,`wait_ms`,`support_ms`,`first_response_ms`);--> statement-breakpoint
DROP VIEW `tickets_view`;--> statement-breakpoint
CREATE VIEW `tickets_view` AS select "id", "uuid", "company_id", "status", "contact_id", "whatsapp_id", "queue_id", "user_id", case when "channel" in ('whatsapp', 'whatsappapi', 'facebook', 'instagram') then "channel" else 'whatsapp' end as "channel", "channel" as "channel_kind", "is_group", "last_message", "user_rating", "rating_asked", "created_at", "accepted_at", "closed_at", "queued_at", "first_customer_at", "first_reply_at", "wait_ms", "support_ms", "first_response_ms", "updated_at" from "tickets";