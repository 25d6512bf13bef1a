import { useLoaderData } from "@remix-run/react";
import { Flex, Heading } from "~/components/ui";
import type { ProfilePageData } from "~/models/profile";
import { ProfileDetails } from "./profile-details";
import { SignedInSessions } from "./signed-in-sessions";

export function ProfilePage() {
  const profile = useLoaderData<ProfilePageData>();
  return (
    <Flex direction="column" gap="4">
      <Heading as="h1" size="6">
        Profile
      </Heading>
      <ProfileDetails profile={profile} />
      <SignedInSessions sessions={profile.sessions} />
    </Flex>
  );
}
