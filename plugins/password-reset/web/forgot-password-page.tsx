import { useState, type FormEvent } from "react";
import { Button, Card, FormGroup, InputGroup, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { toastError, toastSuccess } from "../../../web/src/ui/index.ts";
import { useRequestResetCodeMutation, useResetPasswordMutation } from "./password-reset-api.ts";
import { emailProblem, validateReset, type ResetErrors, type ResetField, type ResetValues } from "./reset-validation.ts";

/**
 * /forgetpsw (public), two steps: the e-mail receives a code; then e-mail, code, new
 * password and confirmation set the password and lead to /login. A companyId in the
 * query string plays no part in a reset and is ignored.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation("password-reset");
  const [, navigate] = useLocation();
  const [step, setStep] = useState<1 | 2>(1);
  const [values, setValues] = useState<ResetValues>({ email: "", code: "", password: "", confirm: "" });
  const [errors, setErrors] = useState<ResetErrors>({});
  const [requestCode, requesting] = useRequestResetCodeMutation();
  const [resetPassword, resetting] = useResetPasswordMutation();

  const change = (name: ResetField) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const field = (name: ResetField) => {
    const key = errors[name];
    return { intent: key ? Intent.DANGER : Intent.NONE, helperText: key ? t(key) : undefined };
  };

  const sendCode = async (e: FormEvent) => {
    e.preventDefault();
    const problem = emailProblem(values.email);
    setErrors(problem ? { email: problem } : {});
    if (problem) return;
    try {
      await requestCode(values.email.trim().toLowerCase()).unwrap();
      toastSuccess(t("messages.sent"));
      setStep(2);
    } catch (err) {
      toastError(err);
    }
  };

  const reset = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateReset(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await resetPassword({ email: values.email.trim().toLowerCase(), token: values.code.trim(), newPassword: values.password }).unwrap();
      toastSuccess(t("messages.reset"));
      navigate("/login");
    } catch (err) {
      const fields = (err as { data?: { fields?: Record<string, string> } })?.data?.fields;
      if (fields?.newPassword) setErrors({ password: "validation.weakPassword" });
      toastError(err);
    }
  };

  return (
    <div className="app-login">
      <main className="app-login-main">
        <Card elevation={2} className="app-login-card">
          <h1 className="app-login-title">{t("title")}</h1>
          <p className="app-login-subtitle bp6-text-muted">{t(step === 1 ? "step1.subtitle" : "step2.subtitle")}</p>
          {step === 1 ? (
            <form onSubmit={sendCode} noValidate aria-label={t("step1.label")}>
              <FormGroup label={t("fields.email")} labelFor="reset-email" {...field("email")}>
                <InputGroup id="reset-email" type="email" autoComplete="email" autoFocus leftIcon="envelope" value={values.email} onValueChange={change("email")} />
              </FormGroup>
              <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={requesting.isLoading} text={t("step1.submit")} />
            </form>
          ) : (
            <form onSubmit={reset} noValidate aria-label={t("step2.label")}>
              <FormGroup label={t("fields.email")} labelFor="reset-email" {...field("email")}>
                <InputGroup id="reset-email" type="email" autoComplete="email" leftIcon="envelope" value={values.email} onValueChange={change("email")} />
              </FormGroup>
              <FormGroup label={t("fields.code")} labelFor="reset-code" {...field("code")}>
                <InputGroup
                  id="reset-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  autoFocus
                  value={values.code}
                  onValueChange={(v) => change("code")(v.replace(/\D/g, ""))}
                />
              </FormGroup>
              <FormGroup label={t("fields.password")} labelFor="reset-password" {...field("password")}>
                <InputGroup id="reset-password" type="password" autoComplete="new-password" value={values.password} onValueChange={change("password")} />
              </FormGroup>
              <FormGroup label={t("fields.confirm")} labelFor="reset-confirm" {...field("confirm")}>
                <InputGroup id="reset-confirm" type="password" autoComplete="new-password" value={values.confirm} onValueChange={change("confirm")} />
              </FormGroup>
              <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={resetting.isLoading} text={t("step2.submit")} />
              <Button variant="minimal" fill style={{ marginTop: 8 }} text={t("step2.resend")} onClick={() => setStep(1)} />
            </form>
          )}
          <p className="app-login-signup">
            <Link href="/login">{t("links.login")}</Link>
            {" · "}
            <Link href="/signup">{t("links.signup")}</Link>
          </p>
        </Card>
      </main>
    </div>
  );
}
