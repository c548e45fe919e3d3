-- Data only (the columns come from 0016_report_times, generated from tables.ts): the report
-- times of tickets older than them, read back from ticket_logs (README "Read views for reports").
--
-- accepted_at: the first log of an attendant taking the ticket: `open` (accept, a ticket opened
-- for someone, the bot's or the rotation's assignment), `receivedTransfer` (a transfer to an
-- attendant), `reopen` by an attendant. A ticket being attended now with no such log (a forward
-- opened it for the forwarding user, logged `create` only) was attended since it was created.
UPDATE `tickets` SET `accepted_at` = coalesce(
  (SELECT min(l.`created_at`) FROM `ticket_logs` l
    WHERE l.`ticket_id` = `tickets`.`id` AND (l.`type` IN ('open', 'receivedTransfer') OR (l.`type` = 'reopen' AND l.`user_id` IS NOT NULL))),
  CASE WHEN `user_id` IS NOT NULL AND `status` IN ('open', 'group') THEN `created_at` END
)
WHERE `accepted_at` IS NULL;
--> statement-breakpoint
-- closed_at, for resolved tickets only (live ones keep null): the `nps` log of the last resolve
-- when the rating was asked (no return to the conversation after it), else the last `closed`
-- log, else (no log at all) the last change of the row.
UPDATE `tickets` SET `closed_at` = coalesce(
  (SELECT n.`created_at` FROM `ticket_logs` n
    WHERE n.`ticket_id` = `tickets`.`id` AND n.`type` = 'nps'
      AND n.`id` > coalesce((SELECT max(r.`id`) FROM `ticket_logs` r
        WHERE r.`ticket_id` = `tickets`.`id` AND r.`type` IN ('reopen', 'open', 'pending', 'transfered', 'receivedTransfer')), 0)
    ORDER BY n.`id` DESC LIMIT 1),
  (SELECT c.`created_at` FROM `ticket_logs` c WHERE c.`ticket_id` = `tickets`.`id` AND c.`type` = 'closed' ORDER BY c.`id` DESC LIMIT 1),
  `updated_at`
)
WHERE `status` IN ('closed', 'nps') AND `closed_at` IS NULL;
