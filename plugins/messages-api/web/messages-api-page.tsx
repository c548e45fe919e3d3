import { Callout, Card, Code, H4, HTMLTable, Pre } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { PageLayout } from "../../../web/src/ui/index.ts";
import { apiEndpoint } from "./messages-api-client.ts";
import { TestForm } from "./test-forms.tsx";

const FIELDS = ["number", "body", "userId", "queueId", "sendSignature", "closeTicket", "endIntegration", "medias"] as const;

/**
 * /messages-api (spec 002 §2.18): how to send through the public messages API (request,
 * fields, curl examples, the answer) and the two test forms. The plan flag useExternalApi
 * gates the page: without it the shell shows the spec's notice and goes home after 1 s.
 */
export function MessagesApiPage() {
  const { t } = useTranslation("messages-api");
  const url = apiEndpoint();
  const textCurl = `curl -X POST '${url}' \\\n  -H 'Authorization: Bearer SEU_TOKEN' \\\n  -H 'Content-Type: application/json' \\\n  -H 'Idempotency-Key: pedido-42' \\\n  -d '{"number": "5511987654321", "body": "${t("docs.exampleText")}"}'`;
  const mediaCurl = `curl -X POST '${url}' \\\n  -H 'Authorization: Bearer SEU_TOKEN' \\\n  -F 'number=5511987654321' \\\n  -F 'body=${t("docs.exampleCaption")}' \\\n  -F 'medias=@/caminho/arquivo.pdf'`;
  const answer = `HTTP/1.1 202 Accepted\n{ "messageId": 123, "ticketId": 45, "status": "queued", "messageIds": [123] }`;
  return (
    <PageLayout title={t("title")}>
      <div className="messages-api-page">
        <Card>
          <H4>{t("docs.title")}</H4>
          <p>{t("docs.intro")}</p>
          <Callout>{t("docs.token")}</Callout>
          <H4>{t("docs.request")}</H4>
          <p>
            <Code>POST {url}</Code> · <Code>Authorization: Bearer {"{token}"}</Code>
          </p>
          <HTMLTable compact striped aria-label={t("docs.fieldsTitle")}>
            <thead>
              <tr>
                <th>{t("docs.field")}</th>
                <th>{t("docs.meaning")}</th>
              </tr>
            </thead>
            <tbody>
              {FIELDS.map((f) => (
                <tr key={f}>
                  <td>
                    <Code>{f}</Code>
                  </td>
                  <td>{t(`docs.fields.${f}`)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <H4>{t("docs.textExample")}</H4>
          <Pre>{textCurl}</Pre>
          <H4>{t("docs.mediaExample")}</H4>
          <Pre>{mediaCurl}</Pre>
          <H4>{t("docs.response")}</H4>
          <Pre>{answer}</Pre>
          <p>{t("docs.responseText")}</p>
          <p>{t("docs.idempotency")}</p>
          <p>{t("docs.errors")}</p>
        </Card>
        <div className="messages-api-forms">
          <Card>
            <TestForm kind="text" />
          </Card>
          <Card>
            <TestForm kind="media" />
          </Card>
        </div>
      </div>
    </PageLayout>
  );
}

export default MessagesApiPage;
