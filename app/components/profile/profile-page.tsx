import { useLoaderData } from "@remix-run/react";
import { Flex, Heading } from "~/components/ui";
import type { ProfilePageData } from "~/models/profile";
import { AppearanceForm } from "./appearance-form";
import { PasswordForm } from "./password-form";
import { ProfileDetails } from "./profile-details";
import { SignedInSessions } from "./signed-in-sessions";
import { TwoFactorCard } from "~/components/two-factor/two-factor-card";

export function ProfilePage() {
  const profile = useLoaderData<ProfilePageData>();
  return (
    <Flex direction="column" gap="4">
      <Heading as="h1" size="6">
        Profile
      </Heading>
      <ProfileDetails profile={profile} />
      <PasswordForm />
      <TwoFactorCard card={profile.twoFactor} />
      <SignedInSessions sessions={profile.sessions} paging={profile.sessionPaging} />
      <AppearanceForm appearance={profile.appearance} />
    </Flex>
  );
}
