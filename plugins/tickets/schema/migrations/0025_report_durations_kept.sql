-- The dashboard's durations kept at write time (issue 28; README "Read views for reports"): the
-- columns of 0024 are kept by the triggers below on every path that writes a ticket, its bot and
-- queue logs or its messages (the services, an import, plain SQL), then backfilled once.
-- Definitions (plugins/reports/server/metrics.ts, the reference):
-- * queued_at: when the ticket entered the queue. Its creation, unless a bot talked first (a
--   `chatBot` or `handOver` log): then the first `queue`, `redirect` or `handBack` log after the
--   bot's first log (at the same instant: after it in (created_at, type) order, as the dashboard
--   read it before); null when the bot never handed it over. Only logs up to the acceptance.
-- * first_customer_at: the customer's first message (not a note) at or after queued_at, or after
--   the acceptance when queued_at is null; null until accepted.
-- * first_reply_at: the first attendant's reply (from_me with a user, not a note) at or after it.
-- Each trigger recomputes its ticket from scratch (a few seeks of ticket_logs_ticket_idx and
-- messages_ticket_created_idx), so writes in any order give the same values. The messages
-- trigger runs only while the ticket is accepted and not yet answered before the new message:
-- on the inbound path a message costs one primary-key lookup once the first reply is known.
-- The triggers' own UPDATEs set only these three columns, so they never fire each other.
CREATE TRIGGER `tickets_report_durations_ai` AFTER INSERT ON `tickets` BEGIN
  UPDATE `tickets` SET `queued_at` = new.`created_at` WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `tickets_report_durations_au` AFTER UPDATE OF `created_at`, `accepted_at` ON `tickets`
  WHEN old.`created_at` IS NOT new.`created_at` OR old.`accepted_at` IS NOT new.`accepted_at`
BEGIN
  UPDATE `tickets` SET `queued_at` = CASE
    WHEN NOT EXISTS (SELECT 1 FROM `ticket_logs` b WHERE b.`ticket_id` = `tickets`.`id` AND b.`type` IN ('chatBot', 'handOver')
      AND (`tickets`.`accepted_at` IS NULL OR b.`created_at` <= `tickets`.`accepted_at`)) THEN `created_at`
    ELSE (SELECT min(q.`created_at`) FROM `ticket_logs` q WHERE q.`ticket_id` = `tickets`.`id` AND q.`type` IN ('queue', 'redirect', 'handBack')
      AND (`tickets`.`accepted_at` IS NULL OR q.`created_at` <= `tickets`.`accepted_at`)
      AND EXISTS (SELECT 1 FROM `ticket_logs` b WHERE b.`ticket_id` = `tickets`.`id` AND b.`type` IN ('chatBot', 'handOver')
        AND (b.`created_at` < q.`created_at` OR (b.`created_at` = q.`created_at` AND b.`type` < q.`type`))))
  END WHERE `id` = new.`id`;
  UPDATE `tickets` SET `first_customer_at` = CASE WHEN `accepted_at` IS NULL THEN NULL
    ELSE (SELECT min(m.`created_at`) FROM `messages` m WHERE m.`ticket_id` = `tickets`.`id`
      AND m.`created_at` >= coalesce(`tickets`.`queued_at`, `tickets`.`accepted_at`) AND m.`from_me` = 0 AND m.`is_private` = 0)
  END WHERE `id` = new.`id`;
  UPDATE `tickets` SET `first_reply_at` = CASE WHEN `first_customer_at` IS NULL THEN NULL
    ELSE (SELECT min(m.`created_at`) FROM `messages` m WHERE m.`ticket_id` = `tickets`.`id`
      AND m.`created_at` >= `tickets`.`first_customer_at` AND m.`from_me` = 1 AND m.`user_id` IS NOT NULL AND m.`is_private` = 0)
  END WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_logs_report_durations_ai` AFTER INSERT ON `ticket_logs` WHEN new.`type` IN ('chatBot', 'handOver', 'queue', 'redirect', 'handBack')
BEGIN
  UPDATE `tickets` SET `queued_at` = CASE
    WHEN NOT EXISTS (SELECT 1 FROM `ticket_logs` b WHERE b.`ticket_id` = `tickets`.`id` AND b.`type` IN ('chatBot', 'handOver')
      AND (`tickets`.`accepted_at` IS NULL OR b.`created_at` <= `tickets`.`accepted_at`)) THEN `created_at`
    ELSE (SELECT min(q.`created_at`) FROM `ticket_logs` q WHERE q.`ticket_id` = `tickets`.`id` AND q.`type` IN ('queue', 'redirect', 'handBack')
      AND (`tickets`.`accepted_at` IS NULL OR q.`created_at` <= `tickets`.`accepted_at`)
      AND EXISTS (SELECT 1 FROM `ticket_logs` b WHERE b.`ticket_id` = `tickets`.`id` AND b.`type` IN ('chatBot', 'handOver')
        AND (b.`created_at` < q.`created_at` OR (b.`created_at` = q.`created_at` AND b.`type` < q.`type`))))
  END WHERE `id` = new.`ticket_id`;
  UPDATE `tickets` SET `first_customer_at` = CASE WHEN `accepted_at` IS NULL THEN NULL
    ELSE (SELECT min(m.`created_at`) FROM `messages` m WHERE m.`ticket_id` = `tickets`.`id`
      AND m.`created_at` >= coalesce(`tickets`.`queued_at`, `tickets`.`accepted_at`) AND m.`from_me` = 0 AND m.`is_private` = 0)
  END WHERE `id` = new.`ticket_id`;
  UPDATE `tickets` SET `first_reply_at` = CASE WHEN `first_customer_at` IS NULL THEN NULL
    ELSE (SELECT min(m.`created_at`) FROM `messages` m WHERE m.`ticket_id` = `tickets`.`id`
      AND m.`created_at` >= `tickets`.`first_customer_at` AND m.`from_me` = 1 AND m.`user_id` IS NOT NULL AND m.`is_private` = 0)
  END WHERE `id` = new.`ticket_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_logs_report_durations_au` AFTER UPDATE OF `ticket_id`, `type`, `created_at` ON `ticket_logs`
  WHEN old.`type` IN ('chatBot', 'handOver', 'queue', 'redirect', 'handBack') OR new.`type` IN ('chatBot', 'handOver', 'queue', 'redirect', 'handBack')
BEGIN
  UPDATE `tickets` SET `queued_at` = CASE
    WHEN NOT EXISTS (SELECT 1 FROM `ticket_logs` b WHERE b.`ticket_id` = `tickets`.`id` AND b.`type` IN ('chatBot', 'handOver')
      AND (`tickets`.`accepted_at` IS NULL OR b.`created_at` <= `tickets`.`accepted_at`)) THEN `created_at`
    ELSE (SELECT min(q.`created_at`) FROM `ticket_logs` q WHERE q.`ticket_id` = `tickets`.`id` AND q.`type` IN ('queue', 'redirect', 'handBack')
      AND (`tickets`.`accepted_at` IS NULL OR q.`created_at` <= `tickets`.`accepted_at`)
      AND EXISTS (SELECT 1 FROM `ticket_logs` b WHERE b.`ticket_id` = `tickets`.`id` AND b.`type` IN ('chatBot', 'handOver')
        AND (b.`created_at` < q.`created_at` OR (b.`created_at` = q.`created_at` AND b.`type` < q.`type`))))
  END WHERE `id` = old.`ticket_id`;
  UPDATE `tickets` SET `first_customer_at` = CASE WHEN `accepted_at` IS NULL THEN NULL
    ELSE (SELECT min(m.`created_at`) FROM `messages` m WHERE m.`ticket_id` = `tickets`.`id`
      AND m.`created_at` >= coalesce(`tickets`.`queued_at`, `tickets`.`accepted_at`) AND m.`from_me` = 0 AND m.`is_private` = 0)
  END WHERE `id` = old.`ticket_id`;
  UPDATE `tickets` SET `first_reply_at` = CASE WHEN `first_customer_at` IS NULL THEN NULL
    ELSE (SELECT min(m.`created_at`) FROM `messages` m WHERE m.`ticket_id` = `tickets`.`id`
      AND m.`created_at` >= `tickets`.`first_customer_at` AND m.`from_me` = 1 AND m.`user_id` IS NOT NULL AND m.`is_private` = 0)
  END WHERE `id` = old.`ticket_id`;
  UPDATE `tickets` SET `queued_at` = CASE
    WHEN NOT EXISTS (SELECT 1 FROM `ticket_logs` b WHERE b.`ticket_id` = `tickets`.`id` AND b.`type` IN ('chatBot', 'handOver')
      AND (`tickets`.`accepted_at` IS NULL OR b.`created_at` <= `tickets`.`accepted_at`)) THEN `created_at`
    ELSE (SELECT min(q.`created_at`) FROM `ticket_logs` q WHERE q.`ticket_id` = `tickets`.`id` AND q.`type` IN ('queue', 'redirect', 'handBack')
      AND (`tickets`.`accepted_at` IS NULL OR q.`created_at` <= `tickets`.`accepted_at`)
      AND EXISTS (SELECT 1 FROM `ticket_logs` b WHERE b.`ticket_id` = `tickets`.`id` AND b.`type` IN ('chatBot', 'handOver')
        AND (b.`created_at` < q.`created_at` OR (b.`created_at` = q.`created_at` AND b.`type` < q.`type`))))
  END WHERE `id` = new.`ticket_id`;
  UPDATE `tickets` SET `first_customer_at` = CASE WHEN `accepted_at` IS NULL THEN NULL
    ELSE (SELECT min(m.`created_at`) FROM `messages` m WHERE m.`ticket_id` = `tickets`.`id`
      AND m.`created_at` >= coalesce(`tickets`.`queued_at`, `tickets`.`accepted_at`) AND m.`from_me` = 0 AND m.`is_private` = 0)
  END WHERE `id` = new.`ticket_id`;
  UPDATE `tickets` SET `first_reply_at` = CASE WHEN `first_customer_at` IS NULL THEN NULL
    ELSE (SELECT min(m.`created_at`) FROM `messages` m WHERE m.`ticket_id` = `tickets`.`id`
      AND m.`created_at` >= `tickets`.`first_customer_at` AND m.`from_me` = 1 AND m.`user_id` IS NOT NULL AND m.`is_private` = 0)
  END WHERE `id` = new.`ticket_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_logs_report_durations_ad` AFTER DELETE ON `ticket_logs` WHEN old.`type` IN ('chatBot', 'handOver', 'queue', 'redirect', 'handBack')
BEGIN
  UPDATE `tickets` SET `queued_at` = CASE
    WHEN NOT EXISTS (SELECT 1 FROM `ticket_logs` b WHERE b.`ticket_id` = `tickets`.`id` AND b.`type` IN ('chatBot', 'handOver')
      AND (`tickets`.`accepted_at` IS NULL OR b.`created_at` <= `tickets`.`accepted_at`)) THEN `created_at`
    ELSE (SELECT min(q.`created_at`) FROM `ticket_logs` q WHERE q.`ticket_id` = `tickets`.`id` AND q.`type` IN ('queue', 'redirect', 'handBack')
      AND (`tickets`.`accepted_at` IS NULL OR q.`created_at` <= `tickets`.`accepted_at`)
      AND EXISTS (SELECT 1 FROM `ticket_logs` b WHERE b.`ticket_id` = `tickets`.`id` AND b.`type` IN ('chatBot', 'handOver')
        AND (b.`created_at` < q.`created_at` OR (b.`created_at` = q.`created_at` AND b.`type` < q.`type`))))
  END WHERE `id` = old.`ticket_id`;
  UPDATE `tickets` SET `first_customer_at` = CASE WHEN `accepted_at` IS NULL THEN NULL
    ELSE (SELECT min(m.`created_at`) FROM `messages` m WHERE m.`ticket_id` = `tickets`.`id`
      AND m.`created_at` >= coalesce(`tickets`.`queued_at`, `tickets`.`accepted_at`) AND m.`from_me` = 0 AND m.`is_private` = 0)
  END WHERE `id` = old.`ticket_id`;
  UPDATE `tickets` SET `first_reply_at` = CASE WHEN `first_customer_at` IS NULL THEN NULL
    ELSE (SELECT min(m.`created_at`) FROM `messages` m WHERE m.`ticket_id` = `tickets`.`id`
      AND m.`created_at` >= `tickets`.`first_customer_at` AND m.`from_me` = 1 AND m.`user_id` IS NOT NULL AND m.`is_private` = 0)
  END WHERE `id` = old.`ticket_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_report_durations_ai` AFTER INSERT ON `messages`
  WHEN new.`is_private` = 0 AND EXISTS (SELECT 1 FROM `tickets` t WHERE t.`id` = new.`ticket_id` AND t.`accepted_at` IS NOT NULL
    AND (t.`first_reply_at` IS NULL OR new.`created_at` < t.`first_reply_at`))
BEGIN
  UPDATE `tickets` SET `first_customer_at` = CASE WHEN `accepted_at` IS NULL THEN NULL
    ELSE (SELECT min(m.`created_at`) FROM `messages` m WHERE m.`ticket_id` = `tickets`.`id`
      AND m.`created_at` >= coalesce(`tickets`.`queued_at`, `tickets`.`accepted_at`) AND m.`from_me` = 0 AND m.`is_private` = 0)
  END WHERE `id` = new.`ticket_id`;
  UPDATE `tickets` SET `first_reply_at` = CASE WHEN `first_customer_at` IS NULL THEN NULL
    ELSE (SELECT min(m.`created_at`) FROM `messages` m WHERE m.`ticket_id` = `tickets`.`id`
      AND m.`created_at` >= `tickets`.`first_customer_at` AND m.`from_me` = 1 AND m.`user_id` IS NOT NULL AND m.`is_private` = 0)
  END WHERE `id` = new.`ticket_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_report_durations_au` AFTER UPDATE OF `ticket_id`, `created_at`, `from_me`, `user_id`, `is_private` ON `messages`
  WHEN old.`ticket_id` IS NOT new.`ticket_id` OR old.`created_at` IS NOT new.`created_at` OR old.`from_me` IS NOT new.`from_me`
    OR old.`user_id` IS NOT new.`user_id` OR old.`is_private` IS NOT new.`is_private`
BEGIN
  UPDATE `tickets` SET `first_customer_at` = CASE WHEN `accepted_at` IS NULL THEN NULL
    ELSE (SELECT min(m.`created_at`) FROM `messages` m WHERE m.`ticket_id` = `tickets`.`id`
      AND m.`created_at` >= coalesce(`tickets`.`queued_at`, `tickets`.`accepted_at`) AND m.`from_me` = 0 AND m.`is_private` = 0)
  END WHERE `id` = old.`ticket_id`;
  UPDATE `tickets` SET `first_reply_at` = CASE WHEN `first_customer_at` IS NULL THEN NULL
    ELSE (SELECT min(m.`created_at`) FROM `messages` m WHERE m.`ticket_id` = `tickets`.`id`
      AND m.`created_at` >= `tickets`.`first_customer_at` AND m.`from_me` = 1 AND m.`user_id` IS NOT NULL AND m.`is_private` = 0)
  END WHERE `id` = old.`ticket_id`;
  UPDATE `tickets` SET `first_customer_at` = CASE WHEN `accepted_at` IS NULL THEN NULL
    ELSE (SELECT min(m.`created_at`) FROM `messages` m WHERE m.`ticket_id` = `tickets`.`id`
      AND m.`created_at` >= coalesce(`tickets`.`queued_at`, `tickets`.`accepted_at`) AND m.`from_me` = 0 AND m.`is_private` = 0)
  END WHERE `id` = new.`ticket_id`;
  UPDATE `tickets` SET `first_reply_at` = CASE WHEN `first_customer_at` IS NULL THEN NULL
    ELSE (SELECT min(m.`created_at`) FROM `messages` m WHERE m.`ticket_id` = `tickets`.`id`
      AND m.`created_at` >= `tickets`.`first_customer_at` AND m.`from_me` = 1 AND m.`user_id` IS NOT NULL AND m.`is_private` = 0)
  END WHERE `id` = new.`ticket_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_report_durations_ad` AFTER DELETE ON `messages`
  WHEN EXISTS (SELECT 1 FROM `tickets` t WHERE t.`id` = old.`ticket_id` AND old.`created_at` IN (t.`first_customer_at`, t.`first_reply_at`))
BEGIN
  UPDATE `tickets` SET `first_customer_at` = CASE WHEN `accepted_at` IS NULL THEN NULL
    ELSE (SELECT min(m.`created_at`) FROM `messages` m WHERE m.`ticket_id` = `tickets`.`id`
      AND m.`created_at` >= coalesce(`tickets`.`queued_at`, `tickets`.`accepted_at`) AND m.`from_me` = 0 AND m.`is_private` = 0)
  END WHERE `id` = old.`ticket_id`;
  UPDATE `tickets` SET `first_reply_at` = CASE WHEN `first_customer_at` IS NULL THEN NULL
    ELSE (SELECT min(m.`created_at`) FROM `messages` m WHERE m.`ticket_id` = `tickets`.`id`
      AND m.`created_at` >= `tickets`.`first_customer_at` AND m.`from_me` = 1 AND m.`user_id` IS NOT NULL AND m.`is_private` = 0)
  END WHERE `id` = old.`ticket_id`;
END;
--> statement-breakpoint
-- The backfill: every ticket, in the same three steps.
UPDATE `tickets` SET `queued_at` = CASE
    WHEN NOT EXISTS (SELECT 1 FROM `ticket_logs` b WHERE b.`ticket_id` = `tickets`.`id` AND b.`type` IN ('chatBot', 'handOver')
      AND (`tickets`.`accepted_at` IS NULL OR b.`created_at` <= `tickets`.`accepted_at`)) THEN `created_at`
    ELSE (SELECT min(q.`created_at`) FROM `ticket_logs` q WHERE q.`ticket_id` = `tickets`.`id` AND q.`type` IN ('queue', 'redirect', 'handBack')
      AND (`tickets`.`accepted_at` IS NULL OR q.`created_at` <= `tickets`.`accepted_at`)
      AND EXISTS (SELECT 1 FROM `ticket_logs` b WHERE b.`ticket_id` = `tickets`.`id` AND b.`type` IN ('chatBot', 'handOver')
        AND (b.`created_at` < q.`created_at` OR (b.`created_at` = q.`created_at` AND b.`type` < q.`type`))))
  END;
--> statement-breakpoint
UPDATE `tickets` SET `first_customer_at` = CASE WHEN `accepted_at` IS NULL THEN NULL
    ELSE (SELECT min(m.`created_at`) FROM `messages` m WHERE m.`ticket_id` = `tickets`.`id`
      AND m.`created_at` >= coalesce(`tickets`.`queued_at`, `tickets`.`accepted_at`) AND m.`from_me` = 0 AND m.`is_private` = 0)
  END WHERE `accepted_at` IS NOT NULL;
--> statement-breakpoint
UPDATE `tickets` SET `first_reply_at` = CASE WHEN `first_customer_at` IS NULL THEN NULL
    ELSE (SELECT min(m.`created_at`) FROM `messages` m WHERE m.`ticket_id` = `tickets`.`id`
      AND m.`created_at` >= `tickets`.`first_customer_at` AND m.`from_me` = 1 AND m.`user_id` IS NOT NULL AND m.`is_private` = 0)
  END WHERE `first_customer_at` IS NOT NULL;
