-- Fills `tickets.holder` (issue 24) from what the columns meant before it: `use_integration`
-- (an integration switched on by hand, no id known: a bare `integration` holder), `is_bot`
-- (the chatbot is talking), an attendant on a live ticket (`attendant`), else nobody (a new
-- ticket, one waiting in a queue, a closed one). Data only: the next migration drops the two
-- columns the holder replaces. See the tickets README, "Who holds a conversation".
UPDATE `tickets` SET `holder` = CASE
  WHEN `use_integration` = 1 THEN 'integration'
  WHEN `is_bot` = 1 THEN 'bot'
  WHEN `user_id` IS NOT NULL AND `status` IN ('open', 'group', 'nps', 'lgpd') THEN 'attendant'
  ELSE NULL
END;
