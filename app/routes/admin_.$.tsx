import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Button, Heading, Text } from "~/components/ui";
import { Link, useLoaderData } from "@remix-run/react";
import { sidebarEntryFor } from "~/models/access";
import { requireAdmin } from "~/services/auth.server";
import { throwLoaderError } from "~/services/errors.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.comingSoon ? `Admin | ${data.comingSoon}` : "Admin | Page not found" },
];

/**
 * Unknown /admin URLs: signed-out admins go to login first; then the 404 page, without the shell.
 * A URL of a sidebar area not built yet says so ("coming soon"), still with 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    await requireAdmin(request, "always");
  } catch (error) {
    if (error instanceof Response) throw error;
    throwLoaderError(error);
  }
  const entry = sidebarEntryFor(new URL(request.url).pathname);
  return data({ comingSoon: entry && !entry.built ? entry.name : null }, { status: 404 });
}

export default function AdminNotFound() {
  const { comingSoon } = useLoaderData<typeof loader>();
  return (
    <main className="standalone-page">
      <div className="standalone-card">
        <Text size="1" color="gray">
          Error 404
        </Text>
        <Heading as="h1" size="6">
          {comingSoon ? `${comingSoon}: coming soon` : "Page not found"}
        </Heading>
        <Text as="p" size="2" color="gray">
          {comingSoon ? "This area of the admin is not built yet." : "There is nothing at this address."}
        </Text>
        <Button asChild style={{ alignSelf: "flex-start" }}>
          <Link to="/admin">Back to the dashboard</Link>
        </Button>
      </div>
    </main>
  );
}
