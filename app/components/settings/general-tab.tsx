import { useState, type ChangeEvent } from "react";
import { CheckboxField, ErrorText, Field, TextareaField } from "~/components/forms";
import { Flex, Text } from "~/components/ui";
import { parseSettingFileName, SETTING_FILE_MESSAGES, SETTING_FILES, SOCIAL_LINKS, type SettingFileKind } from "~contract/setting-labels";
import { settingImageSizeText, SOCIAL_LINK_LABELS } from "~/models/setting-labels";
import { GENERAL_INTENT, settingFileUrl, type GeneralDraft, type GeneralPanel } from "~/models/settings-tabs";
import { SettingForm, tabValues, type TabFailure } from "./setting-form";

/**
 * General Settings (spec 2 §2): the site's name, contact details, social links, logo and favicon.
 * One multipart form (it works without JavaScript); each image shows the one stored, or the one
 * chosen in a refused post (kept, not saved yet), with the spec's recommendation.
 */
export function GeneralTab({ panel, failure }: { panel: GeneralPanel; failure?: TabFailure<GeneralDraft> }) {
  const { values, errors, failure: mine } = tabValues(panel.draft, GENERAL_INTENT, failure);
  return (
    <SettingForm
      key={panel.frame.version}
      intent={GENERAL_INTENT}
      frame={panel.frame}
      failure={mine}
      encType="multipart/form-data"
      label="General Settings"
    >
      <div className="settings-grid">
        <Field
          name="siteName"
          label="Site Name"
          defaultValue={values.siteName}
          error={errors.siteName}
          autoComplete="organization"
          required
        />
        <Field
          name="contactEmail"
          type="email"
          label="Contact Email"
          defaultValue={values.contactEmail}
          error={errors.contactEmail}
          autoComplete="email"
        />
        <Field
          name="contactPhone"
          type="tel"
          label="Contact Phone"
          defaultValue={values.contactPhone}
          error={errors.contactPhone}
          autoComplete="tel"
        />
      </div>
      <TextareaField
        name="address"
        label="Address"
        rows={3}
        defaultValue={values.address}
        error={errors.address}
        autoComplete="street-address"
      />
      <fieldset className="plain-fieldset">
        <Text as="legend" size="3" weight="medium" mb="2">
          Social Links
        </Text>
        <div className="settings-grid">
          {SOCIAL_LINKS.map((network) => (
            <Field
              key={network}
              name={`socialLinks.${network}`}
              type="url"
              label={SOCIAL_LINK_LABELS[network]}
              defaultValue={values.socialLinks[network]}
              error={errors[`socialLinks.${network}`]}
              placeholder="https://"
              autoComplete="url"
            />
          ))}
        </div>
      </fieldset>
      <div className="settings-grid">
        <ImageField kind="logo" chosen={values.logo} stored={panel.draft.logo} error={errors.logoFile} />
        <ImageField kind="favicon" chosen={values.favicon} stored={panel.draft.favicon} error={errors.faviconFile} />
      </div>
    </SettingForm>
  );
}

/** The box an image is shown in: its own size (from its name) up to 150 px a side. */
function displaySize(name: string) {
  const file = parseSettingFileName(name);
  if (!file) return { width: 150, height: 150 };
  const scale = Math.min(1, 150 / Math.max(file.width, file.height));
  return { width: Math.max(1, Math.round(file.width * scale)), height: Math.max(1, Math.round(file.height * scale)) };
}

type ImageFieldProps = {
  kind: SettingFileKind;
  /** the stored name the form posts back ('' = none) */
  chosen: string;
  /** the name stored now */
  stored: string;
  error?: string;
};

function ImageField({ kind, chosen, stored, error }: ImageFieldProps) {
  const { label, maxBytes, maxSizeText, recommendation } = SETTING_FILES[kind];
  const lower = label.toLowerCase();
  const id = `${kind}-file`;
  // with JavaScript a file too large is refused at once, not sent (the server says the same without)
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    setTooLarge(null);
    if (file && file.size > maxBytes) {
      setTooLarge(SETTING_FILE_MESSAGES.tooLarge(kind));
      event.currentTarget.value = "";
    }
  };
  const shown = tooLarge ?? error;
  const changed = chosen !== stored;
  const sizeText = chosen ? settingImageSizeText(kind, chosen) : null;
  return (
    <Flex direction="column" gap="2" className="field image-field">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      {chosen ? (
        <figure className="setting-image">
          <img src={settingFileUrl(chosen)} alt={changed ? `New ${lower}, not saved yet` : `Current ${lower}`} {...displaySize(chosen)} />
          <figcaption>
            <Text size="1" color="gray">
              {[sizeText, changed ? "chosen, not saved yet" : null].filter(Boolean).join(" · ")}
            </Text>
          </figcaption>
        </figure>
      ) : (
        <Text size="2" color="gray">
          {stored ? `No ${lower}: removed when you save` : `No ${lower} yet`}
        </Text>
      )}
      <input type="hidden" name={kind} value={chosen} />
      {/* a new name (stored by a refused post) empties the picker: the image is kept by name */}
      <input
        key={chosen}
        id={id}
        type="file"
        name={`${kind}File`}
        accept=".png,.ico,image/png,image/x-icon,image/vnd.microsoft.icon"
        className="native-input"
        aria-invalid={shown ? true : undefined}
        aria-describedby={[shown ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(" ")}
        onChange={onChange}
      />
      <Text id={`${id}-hint`} size="1" color="gray">
        {recommendation}; at most {maxSizeText}
      </Text>
      <ErrorText id={`${id}-error`} error={shown} />
      {chosen ? <CheckboxField key={`remove-${chosen}`} name={`remove.${kind}`} label={`Remove the ${lower}`} /> : null}
    </Flex>
  );
}
