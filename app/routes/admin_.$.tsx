import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Button, Heading, Text } from "~/components/ui";
import { Link } from "@remix-run/react";
import { requireAdmin } from "~/services/auth.server";
import { throwLoaderError } from "~/services/errors.server";

export const meta: MetaFunction = () => [{ title: "Admin | Page not found" }];

/** Unknown /admin URLs: signed-out admins go to login first; then the 404 page, without the shell. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    await requireAdmin(request, "always");
  } catch (error) {
    if (error instanceof Response) throw error;
    throwLoaderError(error);
  }
  return data({ notFound: true }, { status: 404 });
}

export default function AdminNotFound() {
  return (
    <main className="standalone-page">
      <div className="standalone-card">
        <Text size="1" color="gray">
          Error 404
        </Text>
        <Heading as="h1" size="6">
          Page not found
        </Heading>
        <Text as="p" size="2" color="gray">
          There is nothing at this address.
        </Text>
        <Button asChild style={{ alignSelf: "flex-start" }}>
          <Link to="/admin">Back to the dashboard</Link>
        </Button>
      </div>
    </main>
  );
}
