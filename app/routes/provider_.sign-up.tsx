import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { Field, FormError } from "~/components/forms";
import { Button, Flex, Heading, Text } from "~/components/ui";
import type { FormFailure } from "~/models/form-result";
import { PASSWORD_RULE } from "~/models/passwords";
import { getProvider, providerHomeOf } from "~/services/provider-auth/auth.server";
import { signUpProvider } from "~/services/provider-auth/sign-up.server";

export const meta: MetaFunction = () => [{ title: "Provider | Sign Up" }];

export async function loader({ request }: LoaderFunctionArgs) {
  // already signed in: straight on
  const provider = await getProvider(request).catch(() => null);
  if (provider) throw redirect(providerHomeOf(provider));
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  return signUpProvider(request, context);
}

export default function ProviderSignUp() {
  const failure = useActionData<typeof action>() as FormFailure | undefined;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const values = failure?.repopulateFields ?? {};
  const errors = failure?.fieldErrors ?? {};
  return (
    <main className="standalone-page">
      <div className="standalone-card">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="6">
            Provider Sign Up
          </Heading>
          <Text size="2" color="gray">
            Create your provider account, then complete your profile.
          </Text>
        </Flex>
        <Form method="post" aria-label="Provider sign-up" replace>
          <Flex direction="column" gap="3">
            <Field
              label="Username"
              name="username"
              autoComplete="username"
              required
              maxLength={50}
              defaultValue={values.username}
              error={errors.username}
            />
            <Field
              label="First Name"
              name="firstName"
              autoComplete="given-name"
              required
              maxLength={100}
              defaultValue={values.firstName}
              error={errors.firstName}
            />
            <Field
              label="Last Name"
              name="lastName"
              autoComplete="family-name"
              required
              maxLength={100}
              defaultValue={values.lastName}
              error={errors.lastName}
            />
            <Field
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              defaultValue={values.email}
              error={errors.email}
            />
            <Field
              label="Phone"
              name="phone"
              type="tel"
              autoComplete="tel"
              required
              maxLength={20}
              defaultValue={values.phone}
              error={errors.phone}
            />
            <Field
              label="Password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              maxLength={200}
              hint={PASSWORD_RULE}
              error={errors.password}
            />
            <Field
              label="Confirm Password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              maxLength={200}
              error={errors.confirmPassword}
            />
            <FormError error={failure?.formError} />
            <Button type="submit" size="3" disabled={submitting}>
              Create Account
            </Button>
          </Flex>
        </Form>
        <Text size="2">
          Already have an account? <Link to="/provider/login">Sign in</Link>
        </Text>
      </div>
    </main>
  );
}
