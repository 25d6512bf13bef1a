import { useId, type ReactNode, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { Flex, Text } from "~/components/ui";

/**
 * Form controls on native elements (they work without JavaScript), styled with Radix Themes tokens.
 * The label is linked by htmlFor; the error text sits outside the label and is linked by
 * aria-describedby, so `getByLabel` stays exact.
 */
type FieldShellProps = { label: ReactNode; error?: string | null; hint?: ReactNode; id: string; children: ReactNode };

function FieldShell({ label, error, hint, id, children }: FieldShellProps) {
  return (
    <Flex direction="column" gap="1" className="field">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      {children}
      {hint ? (
        <Text id={`${id}-hint`} size="1" color="gray">
          {hint}
        </Text>
      ) : null}
      <ErrorText id={`${id}-error`} error={error} />
    </Flex>
  );
}

export function ErrorText({ id, error }: { id?: string; error?: string | null }) {
  if (!error) return null;
  return (
    <Text id={id} size="1" color="red" role="alert" className="field-error">
      {error}
    </Text>
  );
}

function describedBy(id: string, error?: string | null, hint?: ReactNode) {
  const ids = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

type FieldProps = { label: ReactNode; error?: string | null; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>;

export function Field({ label, error, hint, id, className, ...input }: FieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  return (
    <FieldShell label={label} error={error} hint={hint} id={inputId}>
      <input
        id={inputId}
        className={["native-input", className].filter(Boolean).join(" ")}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        {...input}
      />
    </FieldShell>
  );
}

type TextareaFieldProps = { label: ReactNode; error?: string | null; hint?: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function TextareaField({ label, error, hint, id, className, ...textarea }: TextareaFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  return (
    <FieldShell label={label} error={error} hint={hint} id={inputId}>
      <textarea
        id={inputId}
        className={["native-input", className].filter(Boolean).join(" ")}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        {...textarea}
      />
    </FieldShell>
  );
}

/** disabled: shown but not offered (e.g. a role the admin may not grant) */
export type Option = { value: string; label: string; disabled?: boolean };
type SelectFieldProps = {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  options: readonly Option[];
} & SelectHTMLAttributes<HTMLSelectElement>;

export function SelectField({ label, error, hint, options, id, className, ...select }: SelectFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  return (
    <FieldShell label={label} error={error} hint={hint} id={inputId}>
      <select
        id={inputId}
        className={["native-input", className].filter(Boolean).join(" ")}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

type CheckboxFieldProps = { label: ReactNode; error?: string | null } & Omit<InputHTMLAttributes<HTMLInputElement>, "type">;

export function CheckboxField({ label, error, id, ...input }: CheckboxFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  return (
    <Flex direction="column" gap="1" className="field">
      <Flex asChild align="center" gap="2">
        <Text as="label" htmlFor={inputId} size="2">
          <input
            id={inputId}
            type="checkbox"
            className="native-checkbox"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            {...input}
          />
          {label}
        </Text>
      </Flex>
      <ErrorText id={`${inputId}-error`} error={error} />
    </Flex>
  );
}

/** A form-level error (API down, conflict…), shown above the buttons. */
export function FormError({ error }: { error?: string | null }) {
  if (!error) return null;
  return (
    <div role="alert" className="form-error">
      {error}
    </div>
  );
}

// The unsaved-changes guard in the same chunk as these fields (see the end of components/ui.tsx):
// the pages with watched forms have fields too.
export { UNSAVED_WARNING as _chunkUnsavedChanges } from "~/components/unsaved-changes";
export { SubmissionKey as _chunkSubmissionKey } from "~/components/submission-key";
