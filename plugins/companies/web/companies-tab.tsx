import { CompaniesManager } from "./companies-manager.tsx";

/** Settings > Companies: the same screen as /companies, inside the settings page. */
export default function CompaniesTab() {
  return <CompaniesManager />;
}
