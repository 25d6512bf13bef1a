import type { MouseEvent, ReactNode } from "react";
import { Button } from "~/components/ui";

/**
 * A button that changes the form only (add or remove a row, show another category's options):
 * without JavaScript it posts its intent and the step answers the redrawn form unsaved; with
 * JavaScript it runs `act` in place instead.
 */
export function IntentButton({
  intent,
  act,
  label,
  hydrated,
  color,
  children,
}: {
  intent: string;
  act: () => void;
  label?: string;
  hydrated: boolean;
  color?: "red";
  children: ReactNode;
}) {
  const onClick = (event: MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    act();
  };
  return (
    <Button type="submit" name="intent" value={intent} onClick={onClick} variant="soft" color={color} size="1" aria-label={label}>
      {children}
    </Button>
  );
}
