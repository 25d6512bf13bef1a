import type { ComponentProps, InputHTMLAttributes } from "react";
import { useField } from "remix-validated-form";
import { CheckboxField, Field, SelectField, TextareaField } from "~/components/forms";

/**
 * The shared form controls wired to remix-validated-form: the error comes from client-side
 * validation (JS) or from the action's answer (no JS), the starting value from the form's
 * defaults or, after a failed post, from what the admin submitted.
 */
type Named = { name: string };

export function VField({ name, ...rest }: Named & Omit<ComponentProps<typeof Field>, "name" | "error">) {
  const { error, getInputProps } = useField(name);
  return <Field {...getInputProps({ id: name, ...rest })} name={name} error={error} />;
}

export function VTextarea({ name, ...rest }: Named & Omit<ComponentProps<typeof TextareaField>, "name" | "error">) {
  const { error, getInputProps } = useField(name);
  return <TextareaField {...getInputProps({ id: name, ...rest })} name={name} error={error} />;
}

export function VSelect({ name, ...rest }: Named & Omit<ComponentProps<typeof SelectField>, "name" | "error">) {
  const { error, getInputProps } = useField(name);
  return <SelectField {...getInputProps({ id: name, ...rest })} name={name} error={error} />;
}

export function VCheckbox({ name, label, ...rest }: Named & Omit<ComponentProps<typeof CheckboxField>, "name" | "error">) {
  const { error, getInputProps } = useField(name);
  // type "checkbox" makes remix-validated-form derive defaultChecked rather than defaultValue
  const { type: _type, ...props } = getInputProps<InputHTMLAttributes<HTMLInputElement>>({ id: name, type: "checkbox", ...rest });
  return <CheckboxField {...props} label={label} name={name} error={error} />;
}
