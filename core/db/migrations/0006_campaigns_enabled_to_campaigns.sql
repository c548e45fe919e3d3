-- `companies.campaigns_enabled` left the kernel's schema: the campaigns plugin keeps it as the
-- company setting `campaignsEnabled` (company_settings, spec 001 §3 'Company settings').
-- It is NOT dropped here: core migrations run before plugins', so the campaigns plugin's
-- 0000_campaigns_enabled_setting first copies every company's value into company_settings,
-- then drops the column (as 0005_farewell_message_to_tickets did for the farewell). This step
-- only moves the kernel's schema snapshot past it, so the next generated core migration does
-- not drop it again. The statement below is a deliberate no-op.
SELECT 1;
