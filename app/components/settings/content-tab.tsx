import { useState } from "react";
import { Link } from "@remix-run/react";
import { RichTextEditor } from "~/components/rich-text/rich-text-editor";
import { Flex, Heading, Text } from "~/components/ui";
import { DYNAMIC_CONTENT_MAX_LENGTH, SETTING_MESSAGES } from "~contract/setting-labels";
import type { ContentDraft, ContentPanel } from "~/models/settings-tabs";
import { SettingForm, tabValues, type TabFailure } from "./setting-form";

const INTENT = "save-content";
const FIELD_ID = "content";

/**
 * Set Instructions/Content (spec 2 §2): the blocks as links (one per URL, so the page holds one
 * editor and works without JavaScript), the chosen block's rich text (a textarea of HTML without
 * JavaScript, the lexical editor over it with), and the block as saved.
 */
export function ContentTab({ panel, failure }: { panel: ContentPanel; failure?: TabFailure<ContentDraft> }) {
  const { values, errors, failure: mine } = tabValues(panel.draft, INTENT, failure);
  const { block } = panel;
  return (
    <Flex direction="column" gap="4">
      <nav aria-label="Content blocks" className="settings-tabs content-blocks">
        <ul>
          {panel.blocks.map((b) => (
            <li key={b.key}>
              <Link to={b.href} aria-current={b.key === block?.key ? "page" : undefined} className="settings-tab" preventScrollReset>
                {b.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {block ? (
        <>
          <SettingForm
            key={`${block.key}-${panel.frame.version}`}
            intent={INTENT}
            frame={panel.frame}
            failure={mine}
            label={`${block.label} content`}
          >
            <Text as="p" size="2" color="gray">
              The instructions a service provider sees on the {block.label} step of onboarding.
            </Text>
            <ContentField label={`${block.label} content`} defaultValue={values.content} error={errors.content} />
          </SettingForm>
          <section aria-labelledby="content-preview-heading">
            <Heading as="h3" size="3" id="content-preview-heading" mb="2">
              Preview (as saved)
            </Heading>
            {panel.preview ? (
              <div className="content-preview" dangerouslySetInnerHTML={{ __html: panel.preview }} />
            ) : (
              <Text as="p" size="2" color="gray">
                Nothing saved for this block yet.
              </Text>
            )}
          </section>
        </>
      ) : (
        <Text as="p" color="red" role="alert">
          {panel.blockMessage}
        </Text>
      )}
    </Flex>
  );
}

/** The block's HTML; with JavaScript the length limit is said as soon as it is passed. */
function ContentField({ label, defaultValue, error }: { label: string; defaultValue: string; error?: string }) {
  const [tooLong, setTooLong] = useState(false);
  return (
    <RichTextEditor
      name="content"
      id={FIELD_ID}
      label={label}
      defaultValue={defaultValue}
      error={error ?? (tooLong ? SETTING_MESSAGES.contentTooLong : null)}
      hint="At most 1,00,000 characters of HTML. Scripts, styles and event handlers are removed when it is saved."
      onChange={() => {
        const field = document.getElementById(FIELD_ID);
        if (field instanceof HTMLTextAreaElement) setTooLong(field.value.length > DYNAMIC_CONTENT_MAX_LENGTH);
      }}
    />
  );
}
