import { useField } from "remix-validated-form";
import { RichTextEditor } from "~/components/rich-text/rich-text-editor";

type VRichTextProps = { name: string; label: string; hint?: string; id?: string };

/**
 * A rich-text field in a remix-validated-form form (FAQ content, terms text): the field's error,
 * default value and change/blur handlers come from the form. Its own module, so the lists that use
 * the other validated fields do not carry the editor's shell.
 */
export function VRichText({ name, label, hint, id = name }: VRichTextProps) {
  const { error, getInputProps } = useField(name);
  const props = getInputProps<{ defaultValue?: string; onChange?: () => void; onBlur?: () => void }>({});
  return (
    <RichTextEditor
      name={name}
      id={id}
      label={label}
      hint={hint}
      defaultValue={typeof props.defaultValue === "string" ? props.defaultValue : ""}
      error={error}
      onChange={props.onChange}
      onBlur={props.onBlur}
    />
  );
}
