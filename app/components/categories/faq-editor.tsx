import { Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { Button, Flex, Text } from "~/components/ui";
import { ValidatedForm } from "remix-validated-form";
import { FormError } from "~/components/forms";
import { VRichText } from "~/components/rich-text/validated-rich-text";
import type { FormFailure } from "~/models/form-result";
import { HiddenVersion } from "./category-editor";
import { addFaqValidator, editFaqValidator } from "~/models/faq-forms";
import { UNSAVED_WARNING } from "~/components/unsaved-changes";
import { SubmissionKey } from "~/components/submission-key";

type FaqEditorProps = {
  mode: "add" | "edit";
  categoryName: string;
  defaults: { content: string; updated_at?: string };
  cancelTo: string;
  /** the same page with the delete dialog asked for (edit only) */
  deleteHref?: string;
};

const HINT = "Write the question as an H3 heading (the H3 button), then the answer below it.";

/** Add FAQ and Edit FAQ (spec 3 §2.6): the category, and the content as rich text. */
export function FaqEditor({ mode, categoryName, defaults, cancelTo, deleteHref }: FaqEditorProps) {
  const failure = useActionData<FormFailure>();
  const navigation = useNavigation();
  const location = useLocation();
  const saving =
    navigation.state === "submitting" &&
    navigation.formAction?.startsWith(location.pathname) &&
    navigation.formData?.get("intent") === "save";
  const edit = mode === "edit";
  return (
    <ValidatedForm
      {...UNSAVED_WARNING}
      id={edit ? `faq-form-${defaults.updated_at}` : "faq-form"}
      method="post"
      validator={edit ? editFaqValidator : addFaqValidator}
      defaultValues={defaults}
      noValidate
    >
      <input type="hidden" name="intent" value="save" />
      <SubmissionKey />
      {edit ? <HiddenVersion /> : null}
      <Flex direction="column" gap="4">
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="faq-category">
            Category
          </Text>
          <input id="faq-category" className="native-input" value={categoryName} disabled readOnly />
        </Flex>
        <VRichText name="content" label="Content" hint={HINT} />
        <FormError error={failure?.formError} />
        {failure?.conflict ? (
          <Text size="2">
            <a href={location.pathname}>Reload</a> to see the current FAQ.
          </Text>
        ) : null}
        <Flex gap="3" wrap="wrap">
          <Button type="submit" size="3" disabled={saving}>
            {saving ? "Saving…" : edit ? "Update FAQ" : "Save FAQ"}
          </Button>
          <Button asChild size="3" variant="soft" color="gray">
            <Link to={cancelTo}>Cancel</Link>
          </Button>
          {deleteHref ? (
            <Button asChild size="3" variant="soft" color="red" ml="auto">
              <Link to={deleteHref} preventScrollReset>
                Delete FAQ
              </Link>
            </Button>
          ) : null}
        </Flex>
      </Flex>
    </ValidatedForm>
  );
}
