import type { CompanyRow, PublicUserRow } from "./companies.types.ts";
import type { DbOrTx } from "../../../core/db/database.ts";
import type { Recurrence } from "../../../core/db/tables.ts";
import type { OfficeHours } from "../../office-hours/office-hours.contract.ts";

/** What another plugin (signup) passes to create a company with its first admin. */
export interface CreateCompanyInput {
  name: string;
  email: string;
  phone?: string;
  planId: number;
  /** The first admin's password (the admin's e-mail is the company's). */
  password: string;
  /** The first admin's name; defaults to the company name. */
  adminName?: string;
  recurrence?: Recurrence;
  /** YYYY-MM-DD */
  dueDate?: string;
  status?: boolean;
  campaignsEnabled?: boolean;
  document?: string;
}

declare module "../../../core/plugin/services.ts" {
  interface ServiceMap {
    /** Creates a company, its first admin user and its default settings, in one transaction. */
    "companies.create": (input: CreateCompanyInput) => Promise<{ company: CompanyRow; user: PublicUserRow }>;
    /** The company's office hours (a full week; the spec's defaults when never saved). */
    "companies.officeHours": (companyId: number) => Promise<OfficeHours[]>;
    /**
     * Renews a company by its recurrence (the rule of POST /companies/{id}/renew: 1, 2, 3, 6 or
     * 12 months from the later of today and its due date) inside the caller's transaction, and
     * answers the new due date. The caller tells `ctx.companyAccess.invalidate` after commit.
     * Company 1 is ERR_PROTECTED_RECORD, a missing company ERR_NO_COMPANY_FOUND. For billing.
     */
    "companies.renew": (companyId: number, tx?: DbOrTx) => Promise<{ dueDate: string; recurrence: Recurrence }>;
  }
}
