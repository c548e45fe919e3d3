import { Button, type IconName } from "@blueprintjs/core";

export interface BadgedIconButtonProps {
  icon: IconName;
  /** Accessible name (usually says the count too). */
  label: string;
  title?: string;
  /** Shown as a red count in the corner when above 0 ("99+" beyond 99). */
  count: number;
  /** data-testid of the count, for tests. */
  badgeTestId?: string;
}

/**
 * A minimal top-bar icon button with a red count in its corner (announcements bell,
 * notifications bell …). Meant as a Popover's target: the outer span takes the ref.
 */
export function BadgedIconButton({ icon, label, title, count, badgeTestId }: BadgedIconButtonProps) {
  return (
    <span className="app-badged-button">
      <Button variant="minimal" icon={icon} aria-label={label} title={title} />
      {count > 0 ? (
        <span className="app-count-badge" data-testid={badgeTestId}>
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </span>
  );
}
