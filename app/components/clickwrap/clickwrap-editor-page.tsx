import { AllChangesLink } from "~/components/audit-log/all-changes-link";
import { Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useField, ValidatedForm } from "remix-validated-form";
import { FormError } from "~/components/forms";
import { VRichText } from "~/components/rich-text/validated-rich-text";
import { Badge, Button, Flex, Heading, Text } from "~/components/ui";
import { VField, VSelect } from "~/components/validated-fields";
import { CLICKWRAP_MESSAGES, CLICKWRAP_VERSION_MAX } from "~contract/clickwrap-labels";
import { CLICKWRAP_ADD_PATH, CLICKWRAP_LIST_PATH, CONFIRM_PUBLISH, type ClickwrapEditorData } from "~/models/clickwrap-labels";
import type { FormFailure } from "~/models/form-result";
import { clickwrapValidator } from "~/models/clickwrap-form";
import { UNSAVED_WARNING } from "~/components/unsaved-changes";
import { SubmissionKey } from "~/components/submission-key";

const STATUS_OPTIONS = [
  { value: "draft", label: "Draft" },
  { value: "published", label: "Publish" },
];
const TEXT_HINT = "The terms providers accept. Once published, this text can no longer change.";

/** Add or edit a terms version (spec 3 §2.5); a published one is shown read-only. */
export function ClickwrapEditorPage() {
  const page = useLoaderData<ClickwrapEditorData>();
  return (
    <section className="panel">
      <Text size="2">
        <Link to={CLICKWRAP_LIST_PATH}>← Terms and Conditions</Link>
      </Text>
      {page.mode === "locked" ? <LockedVersion page={page} /> : <VersionForm page={page} />}
    </section>
  );
}

function LockedVersion({ page }: { page: Extract<ClickwrapEditorData, { mode: "locked" }> }) {
  const failure = useActionData<FormFailure>();
  return (
    <>
      <Flex align="center" gap="3" mt="2" wrap="wrap">
        <Heading as="h1" size="6">
          Version {page.version}
        </Heading>
        <Badge color="green" variant="soft" radius="full">
          Published
        </Badge>
      </Flex>
      <Text as="p" size="2" color="gray" mt="1">
        Created {page.created} · published {page.published} · <AllChangesLink entity="clickwrap" id={page.id} />
      </Text>
      <div
        role="note"
        className="callout"
        style={{ margin: "var(--space-4) 0", padding: "var(--space-3)", borderRadius: "var(--radius-2)", background: "var(--amber-a3)" }}
      >
        <Text as="p" size="2" style={{ margin: 0 }}>
          {CLICKWRAP_MESSAGES.locked}
        </Text>
      </div>
      <FormError error={failure?.formError} />
      <Flex gap="3" wrap="wrap" mb="4">
        <Button asChild size="3">
          <Link to={`${CLICKWRAP_ADD_PATH}?from=${page.id}`}>Start a new version from this one</Link>
        </Button>
        <Button asChild size="3" variant="soft" color="gray">
          <Link to={`${CLICKWRAP_LIST_PATH}/compare?b=${page.id}`}>Compare with the version before</Link>
        </Button>
      </Flex>
      <Heading as="h2" size="4" mb="2">
        Text
      </Heading>
      <div className="terms-text" aria-label={`Text of version ${page.version}`} dangerouslySetInnerHTML={{ __html: page.html }} />
    </>
  );
}

function VersionForm({ page }: { page: Extract<ClickwrapEditorData, { mode: "add" | "edit" }> }) {
  const failure = useActionData<FormFailure>();
  const navigation = useNavigation();
  const location = useLocation();
  const action = location.pathname + location.search;
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const edit = page.mode === "edit";
  const confirming = failure?.intent === CONFIRM_PUBLISH;
  return (
    <>
      <Heading as="h1" size="6" mt="2">
        {edit ? `Edit version ${page.defaults.version}` : "Add Terms Version"}
      </Heading>
      <Text as="p" size="2" color="gray" mt="1" mb="4">
        {edit && page.id !== null ? (
          <>
            Draft · last updated {page.lastUpdated} · <AllChangesLink entity="clickwrap" id={page.id} />
          </>
        ) : edit ? (
          `Draft · last updated ${page.lastUpdated}`
        ) : page.basedOn ? (
          `Starting from the text of version ${page.basedOn}.`
        ) : page.latest ? (
          `The latest version is ${page.latest}.`
        ) : (
          "No version yet."
        )}
      </Text>
      <ValidatedForm
        {...UNSAVED_WARNING}
        id={edit ? `clickwrap-form-${page.defaults.updated_at}` : "clickwrap-form"}
        method="post"
        action={action}
        validator={clickwrapValidator}
        defaultValues={page.defaults}
        noValidate
      >
        <input type="hidden" name="intent" value="save" />
        <SubmissionKey />
        {edit ? <HiddenVersion /> : null}
        <Flex direction="column" gap="4">
          <VField
            name="version"
            label="Version"
            required
            maxLength={CLICKWRAP_VERSION_MAX}
            autoComplete="off"
            hint="For example 2.1 — each version name is used once."
          />
          <VSelect
            name="status"
            label="Status"
            options={STATUS_OPTIONS}
            hint="Publish makes this version final: its text can no longer change."
          />
          <VRichText name="text" label="Text" hint={TEXT_HINT} />
          <FormError error={failure?.formError} />
          {confirming ? <PublishQuestion version={failure.repopulateFields.version ?? page.defaults.version} /> : null}
          {failure?.conflict ? (
            <Text size="2">
              <a href={action}>Reload</a> to see the current version.
            </Text>
          ) : null}
          <Flex gap="3" wrap="wrap">
            <Button type="submit" size="3" disabled={saving}>
              {saving ? "Saving…" : "Save"}
            </Button>
            <Button asChild size="3" variant="soft" color="gray">
              <Link to={CLICKWRAP_LIST_PATH}>Cancel</Link>
            </Button>
          </Flex>
        </Flex>
      </ValidatedForm>
    </>
  );
}

/**
 * Asked when a save would publish (the form came back as typed): "Yes, publish" sends the same
 * form again with confirm=publish; changing anything and pressing Save asks again.
 */
function PublishQuestion({ version }: { version: string }) {
  return (
    <div role="alert" className="panel" style={{ borderLeft: "4px solid var(--amber-9)", padding: "var(--space-3)" }}>
      <Text as="p" size="2" weight="medium" mt="0" mb="2">
        {CLICKWRAP_MESSAGES.confirmPublish(version)}
      </Text>
      <Button type="submit" name="confirm" value="publish" color="amber">
        Yes, publish
      </Button>
    </div>
  );
}

function HiddenVersion() {
  const { getInputProps } = useField("updated_at");
  return <input {...getInputProps({ type: "hidden" })} name="updated_at" />;
}
