import { useTranslation } from "react-i18next";

/** Counts written the way the user's language writes them (30.000 in Portuguese, 30,000 in English). */
export function useNumber(): (n: number) => string {
  const { i18n } = useTranslation();
  return (n) => n.toLocaleString(i18n.language);
}
