import { useBranding } from "./branding.ts";

/** The built-in mark: a speech bubble in the primary colour (used when no logo is configured). */
function Mark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" className="app-brand-mark">
      <rect width="32" height="32" rx="8" fill="var(--app-primary)" />
      <path d="M9 10.5c0-1.4 1.1-2.5 2.5-2.5h9c1.4 0 2.5 1.1 2.5 2.5v7c0 1.4-1.1 2.5-2.5 2.5H15l-4 3.5V20h0.5C10.1 20 9 18.9 9 17.5z" fill="#fff" />
      <circle cx="13" cy="14" r="1.3" fill="var(--app-primary)" />
      <circle cx="16" cy="14" r="1.3" fill="var(--app-primary)" />
      <circle cx="19" cy="14" r="1.3" fill="var(--app-primary)" />
    </svg>
  );
}

/** Logo (whitelabel) or the built-in mark, with the app name beside it unless `compact`. */
export function Brand({ size = 28, compact = false, large = false }: { size?: number; compact?: boolean; large?: boolean }) {
  const { appName, logo } = useBranding();
  if (logo) return <img src={logo} alt={appName} className={large ? "app-brand-logo app-brand-logo-large" : "app-brand-logo"} />;
  return (
    <span className={large ? "app-brand app-brand-large" : "app-brand"}>
      <Mark size={size} />
      {compact ? null : <span className="app-brand-name">{appName}</span>}
    </span>
  );
}
