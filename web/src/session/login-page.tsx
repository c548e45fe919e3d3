import { Button, Card, FormGroup, InputGroup, Tooltip } from "@blueprintjs/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useGetPublicSettingQuery } from "../api/shell-api.ts";
import { Brand } from "../layout/brand.tsx";
import { useBranding } from "../layout/branding.ts";
import { LanguageMenu } from "../layout/language-menu.tsx";
import { ThemeToggle } from "../layout/theme-toggle.tsx";
import { usePlugins } from "../plugin/plugins.tsx";
import { useAppDispatch } from "../store/store.ts";
import { toastError } from "../ui/toast.ts";
import { passwordStrength, WEAK_PASSWORD_MAX_SCORE } from "./password-strength.ts";
import { login } from "./session-actions.ts";
import { WeakPasswordDialog } from "./weak-password-dialog.tsx";
import "./login-page.css";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Errors {
  email?: string;
  password?: string;
}

/** Whether some loaded plugin serves a public page at `path` (signup, password reset). */
function usePublicPage(path: string): boolean {
  const { all } = usePlugins();
  return all.some((p) => p.pages?.some((page) => page.public && page.path === path));
}

/** /login (spec 001 §2): e-mail and password, the weak-password warning, links to reset and signup. */
export function LoginPage() {
  const { t } = useTranslation("common");
  const dispatch = useAppDispatch();
  const { appName } = useBranding();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [weakScore, setWeakScore] = useState<number | null>(null);
  const allowSignup = useGetPublicSettingQuery("allowSignup").data === "enabled";
  const hasSignup = usePublicPage("/signup");
  const hasReset = usePublicPage("/forgetpsw");

  const validate = (): Errors => {
    const next: Errors = {};
    if (!email.trim()) next.email = t("validation.required");
    else if (!EMAIL.test(email.trim())) next.email = t("validation.invalidEmail");
    if (!password) next.password = t("validation.required");
    return next;
  };

  const signIn = async () => {
    setWeakScore(null);
    setSubmitting(true);
    try {
      await dispatch(login(email, password));
      // Signed in: the public-route guard takes the person to "/".
    } catch (err) {
      toastError(err);
      setSubmitting(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate();
    setErrors(found);
    if (found.email || found.password) return;
    const score = passwordStrength(password);
    if (score <= WEAK_PASSWORD_MAX_SCORE) setWeakScore(score);
    else void signIn();
  };

  const toggleLabel = showPassword ? t("login.hidePassword") : t("login.showPassword");

  return (
    <div className="app-login">
      <div className="app-login-tools">
        <ThemeToggle />
        <LanguageMenu showLabel />
      </div>
      <main className="app-login-main">
        <Card elevation={2} className="app-login-card">
          <div className="app-login-brand">
            <Brand size={44} large />
          </div>
          <h1 className="app-login-title">{t("login.title")}</h1>
          <p className="app-login-subtitle bp6-text-muted">{t("login.subtitle")}</p>
          <form onSubmit={onSubmit} noValidate>
            <FormGroup label={t("login.email")} labelFor="login-email" intent={errors.email ? "danger" : "none"} helperText={errors.email}>
              <InputGroup
                id="login-email"
                name="email"
                type="email"
                autoComplete="email"
                autoFocus
                size="large"
                leftIcon="envelope"
                placeholder={t("login.emailPlaceholder")}
                value={email}
                intent={errors.email ? "danger" : "none"}
                onValueChange={(v) => setEmail(v)}
              />
            </FormGroup>
            <FormGroup label={t("login.password")} labelFor="login-password" intent={errors.password ? "danger" : "none"} helperText={errors.password}>
              <InputGroup
                id="login-password"
                name="password"
                type={showPassword ? "text" : "password"}
                autoComplete="current-password"
                size="large"
                leftIcon="lock"
                placeholder={t("login.passwordPlaceholder")}
                value={password}
                intent={errors.password ? "danger" : "none"}
                onValueChange={(v) => setPassword(v)}
                rightElement={
                  <Tooltip content={toggleLabel}>
                    <Button variant="minimal" icon={showPassword ? "eye-off" : "eye-open"} aria-label={toggleLabel} onClick={() => setShowPassword((s) => !s)} />
                  </Tooltip>
                }
              />
            </FormGroup>
            {hasReset ? (
              <div className="app-login-forgot">
                <Link href="/forgetpsw">{t("login.forgot")}</Link>
              </div>
            ) : null}
            <Button type="submit" intent="primary" size="large" fill loading={submitting} text={t("login.submit")} className="app-login-submit" />
          </form>
          {allowSignup && hasSignup ? (
            <p className="app-login-signup">
              {t("login.noAccount")} <Link href="/signup">{t("login.signup")}</Link>
            </p>
          ) : null}
        </Card>
        <p className="app-login-footer bp6-text-muted">
          {appName} · {t("login.footer")}
        </p>
      </main>
      <WeakPasswordDialog isOpen={weakScore !== null} score={weakScore ?? 0} onProceed={() => void signIn()} onClose={() => setWeakScore(null)} />
    </div>
  );
}

export default LoginPage;
