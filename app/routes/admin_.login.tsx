import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { Button, Flex, Heading, Text } from "~/components/ui";
import { Field, FormError } from "~/components/forms";
import { useClearedPasswordAfterRefusal } from "~/components/sign-in";
import { getAdmin, LoginError, refusedSignIn, safeRedirect, signIn, type SignedIn } from "~/services/auth.server";
import { TWO_FACTOR_SETUP_PATH, TWO_FACTOR_SIGN_IN_PATH } from "~/models/two-factor";
import { toastCookie } from "~/services/toast.server";

// Outside the shell (admin_ prefix). The old app's 'Verifying Auth Access....' screen is not
// needed: the session is checked on the server before any page is sent.

export const meta: MetaFunction = () => [{ title: "Admin | Login" }];

/** A throttled sign-in's Retry-After (the action's) reaches the browser: Remix sends only the headers this returns. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  // The page must still open when the API is down (the form then says so).
  const admin = await getAdmin(request).catch(() => null);
  if (admin) throw redirect(safeRedirect(redirectTo));
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Read a copy first: remix-auth reads the body itself. The username refills the form (no-JS).
  const form = await request.clone().formData();
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const submitted = form.get("username");
  const username = typeof submitted === "string" ? submitted.slice(0, 100) : "";

  let signedIn: SignedIn;
  try {
    signedIn = await signIn(request, context, redirectTo);
  } catch (error) {
    // throttled: 429 with Retry-After (the page says when to try again); any other refusal: 400
    if (error instanceof LoginError) return data({ error: error.message, username }, refusedSignIn(error.retryAfterSeconds));
    throw error;
  }
  // two-factor: the code (or, under the policy, setting it up) before the session opens
  if (signedIn.kind === "second-factor") {
    throw redirect(signedIn.step === "code" ? TWO_FACTOR_SIGN_IN_PATH : TWO_FACTOR_SETUP_PATH, {
      headers: { "Set-Cookie": signedIn.setCookie },
    });
  }

  // A session cookie from before (another admin's, or an ended one) is replaced: a new id at every sign-in.
  const headers = new Headers();
  headers.append("Set-Cookie", signedIn.setCookie);
  headers.append("Set-Cookie", await toastCookie(request, { type: "success", message: "Login Successful" }));
  return redirect(redirectTo, { headers });
}

export default function AdminLogin() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/admin/login");

  useClearedPasswordAfterRefusal("login-password", actionData?.error ? actionData : null);

  return (
    <main className="standalone-page">
      <div className="standalone-card">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="6">
            Admin sign-in
          </Heading>
          <Text size="2" color="gray">
            Sign in to manage the marketplace.
          </Text>
        </Flex>
        <Form method="post" aria-label="Admin sign-in" id="admin-login-form" replace>
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <Flex direction="column" gap="3">
            <Field
              label="Username"
              name="username"
              autoComplete="username"
              required
              maxLength={100}
              defaultValue={actionData?.username ?? ""}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- signing in is this page's only task
              autoFocus
            />
            <Field
              label="Password"
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={200}
            />
            <FormError error={actionData?.error} />
            <Button type="submit" size="3" id="login-submit" disabled={submitting}>
              Login
            </Button>
          </Flex>
        </Form>
      </div>
    </main>
  );
}
