-- The plans table's ten feature columns (use_whatsapp ... use_integrations) left the
-- kernel's schema: the plans plugin stores plan features as rows of `plan_features`.
-- They are NOT dropped here: core migrations run before plugins', so the plans plugin's
-- migration 0001 first copies every plan's values into `plan_features`, then drops them.
-- This step only moves the kernel's schema snapshot past them, so the next generated core
-- migration does not try to drop them again. The statement below is a deliberate no-op.
SELECT 1;
