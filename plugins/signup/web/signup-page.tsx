import { useEffect, useMemo, useState, type FormEvent } from "react";
import { Button, Callout, Card, FormGroup, HTMLSelect, InputGroup, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { errorMessage, toastError, toastSuccess } from "../../../web/src/ui/index.ts";
import { useGetPublicPlansQuery, useSignupMutation, type PublicPlan } from "./signup-api.ts";
import { maskPhone, phoneDigits, validateSignup, type SignupErrors, type SignupField, type SignupValues } from "./signup-validation.ts";

const empty: SignupValues = { name: "", email: "", password: "", companyName: "", phone: "", planId: "" };

/** Server codes that point at one field; the rest are shown above the button. */
const fieldOfCode: Record<string, SignupField> = { ERR_DUPLICATED_EMAIL: "email", ERR_DUPLICATED_NAME: "companyName", ERR_NO_PLAN_FOUND: "planId" };

function usePrice() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const fmt = new Intl.NumberFormat(i18n.language === "pt" ? "pt-BR" : i18n.language, { style: "currency", currency: "BRL" });
    return (amount: number) => fmt.format(amount);
  }, [i18n.language]);
}

/**
 * /signup (public): a company signs up on a public plan. The trial, recurrence and status
 * are the server's to decide, and a companyId in the query string is ignored (a signup
 * always creates a new company), so neither is sent.
 */
export default function SignupPage() {
  const { t } = useTranslation("signup");
  const [, navigate] = useLocation();
  const price = usePrice();
  const plans = useGetPublicPlansQuery();
  const [signup, { isLoading }] = useSignupMutation();
  const [values, setValues] = useState<SignupValues>(empty);
  const [errors, setErrors] = useState<SignupErrors>({});
  /** Server answers that are not about one field (creation disabled, too many attempts). */
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<Partial<Record<SignupField, string>>>({});

  useEffect(() => {
    if (plans.isError) toastError(plans.error);
  }, [plans.isError, plans.error]);

  const field = (name: SignupField) => {
    const message = errors[name] ? t(errors[name] as string) : serverFields[name];
    return { intent: message ? Intent.DANGER : Intent.NONE, helperText: message };
  };
  const change = (name: SignupField) => (value: string) => {
    setValues((v) => ({ ...v, [name]: name === "phone" ? maskPhone(value) : value }));
    setServerFields((f) => ({ ...f, [name]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateSignup(values);
    setErrors(found);
    setServerProblem(null);
    setServerFields({});
    if (Object.keys(found).length) return;
    try {
      await signup({
        name: values.name.trim(),
        email: values.email.trim().toLowerCase(),
        password: values.password,
        companyName: values.companyName.trim(),
        phone: phoneDigits(values.phone),
        planId: Number(values.planId),
      }).unwrap();
      toastSuccess(t("messages.success"));
      navigate("/login");
    } catch (err) {
      toastError(t("messages.error"));
      const body = (err as { data?: { error?: string; fields?: Record<string, string> } })?.data;
      const code = body?.error ?? "";
      const target = fieldOfCode[code];
      if (body?.fields && code === "ERR_VALIDATION") setServerFields(body.fields as Partial<Record<SignupField, string>>);
      else if (target) setServerFields({ [target]: errorMessage(err) });
      else setServerProblem(errorMessage(err));
    }
  };

  const selected = plans.data?.find((p) => String(p.id) === values.planId);
  const planText = (p: PublicPlan) => t("plan.option", { name: p.name, price: price(p.amount), users: p.users, connections: p.connections, queues: p.queues });

  return (
    <div className="app-login">
      <main className="app-login-main">
        <Card elevation={2} className="app-login-card" style={{ width: 460, maxWidth: "calc(100vw - 32px)" }}>
          <h1 className="app-login-title">{t("title")}</h1>
          <p className="app-login-subtitle bp6-text-muted">{t("subtitle")}</p>
          <form onSubmit={submit} noValidate aria-label={t("title")}>
            <FormGroup label={t("fields.companyName")} labelFor="signup-company" {...field("companyName")}>
              <InputGroup id="signup-company" autoComplete="organization" value={values.companyName} onValueChange={change("companyName")} maxLength={60} />
            </FormGroup>
            <FormGroup label={t("fields.name")} labelFor="signup-name" {...field("name")}>
              <InputGroup id="signup-name" autoComplete="name" value={values.name} onValueChange={change("name")} maxLength={60} />
            </FormGroup>
            <FormGroup label={t("fields.email")} labelFor="signup-email" {...field("email")}>
              <InputGroup id="signup-email" type="email" autoComplete="email" value={values.email} onValueChange={change("email")} />
            </FormGroup>
            <FormGroup label={t("fields.phone")} labelFor="signup-phone" {...field("phone")}>
              <InputGroup
                id="signup-phone"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder="(99) 99999-9999"
                value={values.phone}
                onValueChange={change("phone")}
              />
            </FormGroup>
            <FormGroup label={t("fields.password")} labelFor="signup-password" {...field("password")}>
              <InputGroup id="signup-password" type="password" autoComplete="new-password" value={values.password} onValueChange={change("password")} />
            </FormGroup>
            <FormGroup label={t("fields.plan")} labelFor="signup-plan" {...field("planId")}>
              <HTMLSelect id="signup-plan" fill value={values.planId} onChange={(e) => change("planId")(e.target.value)} disabled={plans.isLoading}>
                <option value="">{plans.isLoading ? t("plan.loading") : t("plan.choose")}</option>
                {(plans.data ?? []).map((p) => (
                  <option key={p.id} value={String(p.id)}>
                    {planText(p)}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            {selected ? (
              <Callout intent={Intent.PRIMARY} icon="properties" style={{ marginBottom: 15 }} data-testid="plan-details">
                <strong>{selected.name}</strong> · {price(selected.amount)}
                <br />
                {t("plan.limits", { users: selected.users, connections: selected.connections, queues: selected.queues })}
              </Callout>
            ) : null}
            {serverProblem ? (
              <Callout intent={Intent.DANGER} style={{ marginBottom: 15 }} role="alert">
                {serverProblem}
              </Callout>
            ) : null}
            <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={isLoading} text={t("submit")} />
          </form>
          <p className="app-login-signup">
            {t("haveAccount")} <Link href="/login">{t("login")}</Link>
          </p>
        </Card>
      </main>
    </div>
  );
}
