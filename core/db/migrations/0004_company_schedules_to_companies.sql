-- The `company_schedules` table (a company's office hours) left the kernel's schema: the
-- companies plugin owns it now (plugins/companies/schema/tables.ts), with the routes that
-- serve it. It is NOT dropped here: existing databases keep their rows, and the companies
-- plugin's migration creates the table only where it is missing. This step only moves the
-- kernel's schema snapshot past it, so the next generated core migration does not try to
-- drop it again. The statement below is a deliberate no-op.
SELECT 1;
