import { useTranslation } from "react-i18next";
import { useGetScratchCardsQuery } from "./cards-api.ts";

/** The plugin's page: the company's cards, stamped ones marked. */
export default function ScratchBoardPage() {
  const { t } = useTranslation("scratch-board");
  const { data } = useGetScratchCardsQuery();
  const cards = data?.cards ?? [];
  return (
    <section aria-label={t("title")}>
      <h1>{t("title")}</h1>
      {cards.length === 0 ? <p>{t("empty")}</p> : null}
      <ul>
        {cards.map((card) => (
          <li key={card.id}>
            {card.title}
            {card.stamped ? ` (${t("stamped")})` : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
