import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Field, FormError } from "~/components/forms";
import { useClearedPasswordAfterRefusal } from "~/components/sign-in";
import { Toasts } from "~/components/shell/toasts";
import type { ShellToast } from "~/components/shell/types";
import { Button, Flex, Heading, Text } from "~/components/ui";
import { PROVIDER_AUTH_MESSAGES as M } from "~contract/provider-auth-labels";
import {
  afterSignIn,
  getProvider,
  ProviderLoginError,
  signInProviderFromForm,
  type ProviderSignedIn,
} from "~/services/provider-auth/auth.server";
import { PROVIDER_TWO_FACTOR_SIGN_IN_PATH } from "~/models/two-factor";
import { refusedSignIn } from "~/services/auth.server";
import { commitFlash } from "~/services/session.server";
import { takeToast, toastCookie } from "~/services/toast.server";

// Outside the provider layout (provider_ prefix): the sign-in page of providers, never of admins.

export const meta: MetaFunction = () => [{ title: "Provider | Sign In" }];

/** A throttled sign-in's Retry-After (the action's) reaches the browser: Remix sends only the headers this returns. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  // the page still opens when the API is down (the form then says so)
  const provider = await getProvider(request).catch(() => null);
  if (provider) throw redirect(afterSignIn(redirectTo, provider));
  const { toast, flash } = await takeToast(request);
  const shellToast: ShellToast | null = toast ? { ...toast, id: crypto.randomUUID() } : null;
  return data({ toast: shellToast }, toast ? { headers: { "Set-Cookie": await commitFlash(flash) } } : undefined);
}

export async function action({ request, context }: ActionFunctionArgs) {
  // a copy first: remix-auth reads the body itself; the username refills the form (no-JS)
  const form = await request.clone().formData();
  const submitted = form.get("username");
  const username = typeof submitted === "string" ? submitted.slice(0, 100) : "";

  const redirectTo = form.get("redirectTo");

  let signedIn: ProviderSignedIn;
  try {
    signedIn = await signInProviderFromForm(request, context, typeof redirectTo === "string" ? redirectTo : "");
  } catch (error) {
    // throttled: 429 with Retry-After (the page says when to try again); any other refusal: 400
    if (error instanceof ProviderLoginError) {
      return data({ error: error.message, field: error.field ?? null, username }, refusedSignIn(error.retryAfterSeconds));
    }
    throw error;
  }
  // two-factor on: the code before the session opens
  if (signedIn.kind === "second-factor") {
    throw redirect(PROVIDER_TWO_FACTOR_SIGN_IN_PATH, { headers: { "Set-Cookie": signedIn.setCookie } });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", signedIn.setCookie);
  headers.append("Set-Cookie", await toastCookie(request, { type: "success", message: M.signedIn }));
  return redirect(afterSignIn(redirectTo, signedIn.provider), { headers });
}

export default function ProviderLogin() {
  const { toast } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/provider/login");
  const fieldError = (name: "username" | "password") => (actionData?.field === name ? actionData.error : null);
  const formError = actionData && !actionData.field ? actionData.error : null;

  useClearedPasswordAfterRefusal("provider-login-password", actionData?.error ? actionData : null);

  return (
    <main className="standalone-page">
      <div className="standalone-card">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="6">
            Provider Sign In
          </Heading>
          <Text size="2" color="gray">
            Sign in to complete or update your provider profile.
          </Text>
        </Flex>
        <Form method="post" aria-label="Provider sign-in" replace>
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <Flex direction="column" gap="3">
            <Field
              label="Username"
              name="username"
              autoComplete="username"
              required
              maxLength={100}
              defaultValue={actionData?.username ?? ""}
              error={fieldError("username")}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- signing in is this page's only task
              autoFocus
            />
            <Field
              label="Password"
              id="provider-login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={200}
              error={fieldError("password")}
            />
            <FormError error={formError} />
            <Button type="submit" size="3" disabled={submitting}>
              Sign In
            </Button>
          </Flex>
        </Form>
        <Text size="2">
          New to the marketplace? <Link to="/provider/sign-up">Create a provider account</Link>
        </Text>
      </div>
      <Toasts toast={toast} />
    </main>
  );
}
